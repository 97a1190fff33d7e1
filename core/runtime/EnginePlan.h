#pragma once

#include "runtime/BackendDescriptor.h"
#include "runtime/LayerConvolution.h"

#include <array>
#include <cstdint>
#include <memory>

/** One graph-API execution plan: an engine configuration finalized once for one layer, and its variant pack (the
 * device pointers), executed with cudnnBackendExecute on every pass. */
namespace cudnnsetup::runtime {

class EnginePlan : public LayerConvolution
{
public:
    /** uids: the unique ids of the operation graph's x, w and y tensors; graph: what owns the operation graph's
     * descriptors, kept alive as long as the plan (cuDNN's own frontend keeps the graph beside its plans). Throws
     * GpuCallError when cuDNN cannot finalize the plan for `config`. */
    EnginePlan(const CudnnApi& api,
               nv::cudnnHandle_t handle,
               BackendDescriptor config,
               LayerChoice choice,
               const std::array<std::int64_t, 3>& uids,
               std::shared_ptr<const void> graph);

    const LayerChoice& choice() const override { return m_choice; }
    LayerChoice& choice() { return m_choice; }
    std::size_t workspaceBytes() const override { return m_choice.workspaceBytes; }
    void bind(const void* x, const void* w, void* y, void* workspace, std::size_t workspaceBytes) override;
    void enqueue() override;
    const char* call() const override { return "cudnnBackendExecute"; }

private:
    const CudnnApi& m_api;
    nv::cudnnHandle_t m_handle;
    BackendDescriptor m_config;
    BackendDescriptor m_plan;
    BackendDescriptor m_pack;
    LayerChoice m_choice;
    std::array<std::int64_t, 3> m_uids;
    std::shared_ptr<const void> m_graph;
};

} // namespace cudnnsetup::runtime
