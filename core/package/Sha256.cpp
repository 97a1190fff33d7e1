#include "Sha256.h"

#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CUDNN_SETUP_SHA_NI 1
#include <cpuid.h>
#include <immintrin.h>
#define SHA_NI_TARGET __attribute__((target("sha,sse4.1,ssse3")))
#elif defined(_M_X64) && defined(_MSC_VER)
#define CUDNN_SETUP_SHA_NI 1
#include <immintrin.h>
#include <intrin.h>
#define SHA_NI_TARGET
#endif

namespace {

constexpr std::array<std::uint32_t, 8> InitialState{
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

#ifdef CUDNN_SETUP_SHA_NI
alignas(16) constexpr std::uint32_t RoundConstants[64]
    = {0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
       0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
       0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
       0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
       0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
       0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
       0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
       0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

bool cpuHasShaNi()
{
    unsigned int eax = 0, ebx = 0, ecx = 0, edx = 0;
#if defined(_MSC_VER)
    int regs[4];
    __cpuid(regs, 1);
    ecx = unsigned(regs[2]);
    const bool sse = (ecx & (1u << 9)) && (ecx & (1u << 19));
    __cpuidex(regs, 7, 0);
    ebx = unsigned(regs[1]);
#else
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx))
        return false;
    const bool sse = (ecx & (1u << 9)) && (ecx & (1u << 19)); // SSSE3, SSE4.1
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx))
        return false;
#endif
    return sse && (ebx & (1u << 29)); // SHA
}

/** Four rounds on the message words w (plus their round constants). */
SHA_NI_TARGET inline void fourRounds(__m128i& state0, __m128i& state1, __m128i w, int group)
{
    const __m128i msg = _mm_add_epi32(w, _mm_load_si128(reinterpret_cast<const __m128i*>(RoundConstants + 4 * group)));
    state1 = _mm_sha256rnds2_epu32(state1, state0, msg);
    state0 = _mm_sha256rnds2_epu32(state0, state1, _mm_shuffle_epi32(msg, 0x0E));
}

/** The message schedule's next four words from the last sixteen (a oldest, d newest). */
SHA_NI_TARGET inline __m128i nextWords(__m128i a, __m128i b, __m128i c, __m128i d)
{
    return _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(a, b), _mm_alignr_epi8(d, c, 4)), d);
}

// The SHA-NI block function (Intel's published scheme): state kept as ABEF/CDGH, two rounds per instruction.
SHA_NI_TARGET void compressShaNi(std::uint32_t* state, const unsigned char* data, std::size_t blocks)
{
    const __m128i byteSwap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i tmp = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(state)), 0xB1); // CDAB
    __m128i state1 = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(state + 4)), 0x1B); // EFGH
    __m128i state0 = _mm_alignr_epi8(tmp, state1, 8); // ABEF
    state1 = _mm_blend_epi16(state1, tmp, 0xF0); // CDGH

    for (; blocks > 0; --blocks, data += 64) {
        const __m128i abefSaved = state0;
        const __m128i cdghSaved = state1;
        __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data)), byteSwap);
        __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data + 16)), byteSwap);
        __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data + 32)), byteSwap);
        __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data + 48)), byteSwap);
        fourRounds(state0, state1, w0, 0);
        fourRounds(state0, state1, w1, 1);
        fourRounds(state0, state1, w2, 2);
        fourRounds(state0, state1, w3, 3);
        for (int group = 4; group < 16; group += 4) {
            w0 = nextWords(w0, w1, w2, w3);
            fourRounds(state0, state1, w0, group);
            w1 = nextWords(w1, w2, w3, w0);
            fourRounds(state0, state1, w1, group + 1);
            w2 = nextWords(w2, w3, w0, w1);
            fourRounds(state0, state1, w2, group + 2);
            w3 = nextWords(w3, w0, w1, w2);
            fourRounds(state0, state1, w3, group + 3);
        }
        state0 = _mm_add_epi32(state0, abefSaved);
        state1 = _mm_add_epi32(state1, cdghSaved);
    }

    tmp = _mm_shuffle_epi32(state0, 0x1B); // FEBA
    state1 = _mm_shuffle_epi32(state1, 0xB1); // DCHG
    state0 = _mm_blend_epi16(tmp, state1, 0xF0); // DCBA
    state1 = _mm_alignr_epi8(state1, tmp, 8); // HGFE
    _mm_storeu_si128(reinterpret_cast<__m128i*>(state), state0);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(state + 4), state1);
}
#else
bool cpuHasShaNi()
{
    return false;
}
void compressShaNi(std::uint32_t*, const unsigned char*, std::size_t) { }
#endif

} // namespace

bool Sha256::hardwareAccelerated()
{
    static const bool supported = cpuHasShaNi();
    return supported;
}

Sha256::Sha256()
    : m_hardware(hardwareAccelerated())
    , m_fallback(QCryptographicHash::Sha256)
{
    reset();
}

void Sha256::reset()
{
    m_fallback.reset();
    m_state = InitialState;
    m_buffered = 0;
    m_length = 0;
}

void Sha256::compressBuffered()
{
    compressShaNi(m_state.data(), m_buffer.data(), 1);
    m_buffered = 0;
}

void Sha256::addData(QByteArrayView data)
{
    if (!m_hardware) {
        m_fallback.addData(data);
        return;
    }
    auto bytes = reinterpret_cast<const unsigned char*>(data.data());
    std::size_t size = std::size_t(data.size());
    m_length += size;
    if (m_buffered > 0) {
        const std::size_t take = std::min<std::size_t>(size, 64 - std::size_t(m_buffered));
        std::memcpy(m_buffer.data() + m_buffered, bytes, take);
        m_buffered += int(take);
        bytes += take;
        size -= take;
        if (m_buffered < 64)
            return;
        compressBuffered();
    }
    if (size >= 64) {
        compressShaNi(m_state.data(), bytes, size / 64);
        bytes += size / 64 * 64;
        size %= 64;
    }
    std::memcpy(m_buffer.data(), bytes, size);
    m_buffered = int(size);
}

QByteArray Sha256::result()
{
    if (!m_hardware)
        return m_fallback.result();
    const std::uint64_t bits = m_length * 8;
    m_buffer[std::size_t(m_buffered++)] = 0x80;
    if (m_buffered > 56) {
        std::memset(m_buffer.data() + m_buffered, 0, std::size_t(64 - m_buffered));
        compressBuffered();
    }
    std::memset(m_buffer.data() + m_buffered, 0, std::size_t(56 - m_buffered));
    for (int i = 0; i < 8; ++i)
        m_buffer[std::size_t(56 + i)] = static_cast<unsigned char>(bits >> (56 - 8 * i));
    compressBuffered();

    QByteArray digest(32, Qt::Uninitialized);
    for (int i = 0; i < 8; ++i) {
        for (int b = 0; b < 4; ++b)
            digest[4 * i + b] = char(m_state[std::size_t(i)] >> (24 - 8 * b));
    }
    return digest;
}

QByteArray Sha256::hash(QByteArrayView data)
{
    Sha256 sha;
    sha.addData(data);
    return sha.result();
}
