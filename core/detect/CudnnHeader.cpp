#include "CudnnHeader.h"

#include "cudnnfacts/CudnnVersionHeader.h"

#include <string_view>

std::optional<CudnnHeader> CudnnHeader::parse(QByteArrayView text)
{
    using cudnnsetup::cudnnfacts::CudnnVersionHeader;
    const auto parsed = CudnnVersionHeader::parse(std::string_view(text.data(), std::size_t(text.size())));
    if (!parsed)
        return std::nullopt;
    CudnnHeader header;
    header.version = Version{parsed->major, parsed->minor, parsed->patch};
    if (parsed->maxSmMajor && parsed->maxSmMinor)
        header.maxComputeCapability = Version{*parsed->maxSmMajor, *parsed->maxSmMinor};
    return header;
}
