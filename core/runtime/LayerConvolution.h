#pragma once

#include "runtime/BenchmarkResult.h"

#include <cstddef>

/** One layer's forward convolution, chosen and ready to run: the case runner binds its buffers once and enqueues it
 * on the session's stream once per pass. LegacyConvolution (cudnnConvolutionForward) and EnginePlan (the graph
 * API's execution plan) are the two kinds. */
namespace cudnnsetup::runtime {

class LayerConvolution
{
public:
    virtual ~LayerConvolution() = default;

    /** What runs, for the report. */
    virtual const LayerChoice& choice() const = 0;
    /** Device bytes of workspace it needs. */
    virtual std::size_t workspaceBytes() const = 0;
    /** The device buffers every later enqueue() uses: input x, filter w, output y, a workspace of at least
     * workspaceBytes(). */
    virtual void bind(const void* x, const void* w, void* y, void* workspace, std::size_t workspaceBytes) = 0;
    /** One forward convolution, y = x (*) w, queued on the stream. Throws GpuCallError. */
    virtual void enqueue() = 0;
    /** The cuDNN call enqueue() makes, for activity reports: "cudnnConvolutionForward". */
    virtual const char* call() const = 0;
};

} // namespace cudnnsetup::runtime
