#pragma once

#include "runtime/BenchmarkCases.h"
#include "runtime/CudnnObjects.h"
#include "runtime/LayerConvolution.h"

#include <string>

/** A layer through cuDNN's legacy API: descriptors, cudnnFindConvolutionForwardAlgorithm (or the _v7 heuristics),
 * cudnnConvolutionForward. For a cuDNN without the graph API, and where no engine configuration works. */
namespace cudnnsetup::runtime {

/** Whether cuDNN may run a `precision` case with an algorithm that reports `mathType`: FP32 must stay off tensor
 * cores, TF32 must not convert to FP16, FP16 takes anything. */
bool mathTypeAllowed(Precision precision, int mathType);

class LegacyConvolution : public LayerConvolution
{
public:
    /** Chooses the fastest algorithm this precision allows whose workspace fits `workspaceLimit`; `search` becomes
     * "find" or "heuristics". Throws GpuCallError when none is usable. */
    LegacyConvolution(const CudnnApi& api,
                      nv::cudnnHandle_t handle,
                      const ConvShape& shape,
                      TensorLayout layout,
                      Precision precision,
                      std::size_t workspaceLimit,
                      std::string& search);

    const LayerChoice& choice() const override { return m_choice; }
    std::size_t workspaceBytes() const override { return m_choice.workspaceBytes; }
    void bind(const void* x, const void* w, void* y, void* workspace, std::size_t workspaceBytes) override;
    void enqueue() override;
    const char* call() const override { return "cudnnConvolutionForward"; }

private:
    const CudnnApi& m_api;
    nv::cudnnHandle_t m_handle;
    ConvolutionDescriptors m_descriptors;
    LayerChoice m_choice;
    const void* m_x = nullptr;
    const void* m_w = nullptr;
    void* m_y = nullptr;
    void* m_workspace = nullptr;
    std::size_t m_workspaceBytes = 0;
};

} // namespace cudnnsetup::runtime
