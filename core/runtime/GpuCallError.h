#pragma once

#include <stdexcept>
#include <string>

namespace cudnnsetup::runtime {

/** A CUDA runtime or cuDNN call that failed; what() is "cudaMalloc returned 2 (out of memory)". */
class GpuCallError : public std::runtime_error
{
public:
    enum class Library { CudaRuntime, Cudnn };

    GpuCallError(Library library, const std::string& message)
        : std::runtime_error(message)
        , m_library(library)
    {
    }
    Library library() const { return m_library; }

private:
    Library m_library;
};

} // namespace cudnnsetup::runtime
