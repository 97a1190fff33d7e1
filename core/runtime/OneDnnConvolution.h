// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "runtime/ConvShape.h"

#include <memory>
#include <string>

/**
 * The same convolutions through oneDNN, the CPU library TensorFlow and PyTorch use: the benchmark's honest CPU
 * timing where it is available. oneDNN is loaded at run time (libdnnl.so.2, dnnl.dll), like the NVIDIA libraries,
 * so the shipped probe runs on machines without it and the build needs only its header (libdnnl-dev) to know the
 * API; without the header the probe is built without this path and always times the reference.
 */
namespace cudnnsetup::runtime {

class OneDnnConvolution
{
public:
    /** The process's oneDNN, loaded on first use; available() is false when there is none. */
    static OneDnnConvolution& instance();
    ~OneDnnConvolution();

    bool available() const;
    /** Why it is not available (the loader's words, a missing symbol, or "built without oneDNN"). */
    const std::string& error() const { return m_error; }
    /** The file that loaded and its version ("2.6.3"); empty when not available. */
    const std::string& library() const { return m_library; }
    const std::string& version() const { return m_version; }

    /** One convolution, primitive made once and run many times (frameworks cache theirs the same way). */
    class Layer
    {
    public:
        ~Layer();
        Layer(Layer&&) noexcept;
        /** y = x (*) w for every image of the shape it was made for, tensors as convolveOnCpu() takes them. */
        bool run(const float* x, float* y) const;

    private:
        friend class OneDnnConvolution;
        struct Impl;
        explicit Layer(std::unique_ptr<Impl> impl);
        std::unique_ptr<Impl> m_impl;
    };
    /**
     * The primitive for `shape`, with `filters` (KCRS for NCHW, KRSC for NHWC) packed into oneDNN's preferred
     * format once; nullptr when oneDNN is not available or refuses the shape.
     */
    std::unique_ptr<Layer> prepare(const ConvShape& shape, TensorLayout layout, const float* filters);

    struct Api;

private:
    OneDnnConvolution();
    std::unique_ptr<Api> m_api;
    std::string m_error;
    std::string m_library;
    std::string m_version;
};

} // namespace cudnnsetup::runtime
