// cudnn_version.h / cudnn.h (and cuda.h) as the package check and detection parse them, over arbitrary text.

#include "FuzzTarget.h"
#include "detect/CudnnHeader.h"
#include "detect/VersionParsers.h"

using namespace VersionParsers;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray text(reinterpret_cast<const char*>(data), qsizetype(size));
    const std::optional<CudnnHeader> header = CudnnHeader::parse(text);
    const std::optional<Version> detected = cudnnFromHeader(text);
    if (header)
        (void)header->version.toString();
    if (detected)
        (void)detected->toString();
    (void)cudaFromCudaHeader(text);
    return 0;
}
