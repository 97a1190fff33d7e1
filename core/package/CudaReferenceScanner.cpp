#include "CudaReferenceScanner.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <string_view>

namespace {

constexpr qsizetype SeamSize = 32; // longer than any name we look for with its version

struct Stem
{
    std::string_view text;
};

// Each stem is followed by either ".so.<major>" (Linux) or "64_<digits>" (Windows).
constexpr Stem Stems[] = {{"cublasLt"}, {"cudart"}, {"nvrtc"}};

int digitsAt(QByteArrayView bytes, qsizetype at, qsizetype* count)
{
    int value = 0;
    qsizetype n = 0;
    while (at + n < bytes.size() && n < 4 && bytes[at + n] >= '0' && bytes[at + n] <= '9') {
        value = value * 10 + (bytes[at + n] - '0');
        ++n;
    }
    *count = n;
    return value;
}

// CUDA majors that cuDNN was ever built for; anything else is a coincidence in the bytes.
bool plausibleMajor(int major)
{
    return major >= 9 && major <= 19;
}

std::optional<int> majorAfterStem(QByteArrayView bytes, qsizetype at)
{
    qsizetype n = 0;
    if (bytes.sliced(at).startsWith(QByteArrayView(".so."))) {
        const int major = digitsAt(bytes, at + 4, &n);
        if (n >= 1 && n <= 2 && plausibleMajor(major))
            return major;
    } else if (bytes.sliced(at).startsWith(QByteArrayView("64_"))) {
        // cudart64_12, cublasLt64_13 (the major); cudart64_110, nvrtc64_120_0 (major and minor digits)
        const int value = digitsAt(bytes, at + 3, &n);
        const int major = n == 3 ? value / 10 : value;
        if (n >= 2 && n <= 3 && plausibleMajor(major))
            return major;
    }
    return std::nullopt;
}

// glibc's memmem runs at several GB/s; std::search with a Boyer-Moore-Horspool searcher manages about 200 MB/s
// here, which would make scanning the slowest part of an inspection.
const char* find(const char* from, const char* end, std::string_view needle)
{
#if defined(__GLIBC__)
    const void* hit = memmem(from, std::size_t(end - from), needle.data(), needle.size());
    return hit ? static_cast<const char*>(hit) : end;
#else
    return std::search(from, end, std::boyer_moore_horspool_searcher(needle.begin(), needle.end()));
#endif
}

} // namespace

void CudaReferenceScanner::scan(QByteArrayView bytes)
{
    const char* const begin = bytes.data();
    const char* const end = begin + bytes.size();
    for (const Stem& stem : Stems) {
        for (const char* it = begin; (it = find(it, end, stem.text)) != end; ++it) {
            if (const auto major = majorAfterStem(bytes, (it - begin) + qsizetype(stem.text.size())))
                m_majors.insert(*major);
        }
    }
}

void CudaReferenceScanner::addBlock(QByteArrayView block)
{
    if (!m_seam.isEmpty()) {
        QByteArray seam = m_seam;
        seam.append(block.first(std::min(block.size(), SeamSize)));
        scan(seam);
    }
    scan(block);
    m_seam = block.last(std::min(block.size(), SeamSize)).toByteArray();
}

QList<int> CudaReferenceScanner::majors() const
{
    QList<int> list(m_majors.cbegin(), m_majors.cend());
    std::sort(list.begin(), list.end());
    return list;
}

void CudaReferenceScanner::reset()
{
    m_majors.clear();
    m_seam.clear();
}
