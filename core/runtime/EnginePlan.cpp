#include "runtime/EnginePlan.h"

#include <utility>

namespace cudnnsetup::runtime {

EnginePlan::EnginePlan(const CudnnApi& api,
                       nv::cudnnHandle_t handle,
                       BackendDescriptor config,
                       LayerChoice choice,
                       const std::array<std::int64_t, 3>& uids,
                       std::shared_ptr<const void> graph)
    : m_api(api)
    , m_handle(handle)
    , m_config(std::move(config))
    , m_plan(api, nv::CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR, "execution plan")
    , m_choice(std::move(choice))
    , m_uids(uids)
    , m_graph(std::move(graph))
{
    m_plan.setHandle(nv::CUDNN_ATTR_EXECUTION_PLAN_HANDLE, handle);
    m_plan.setDescriptor(nv::CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG, m_config);
    m_plan.finalize();
    m_choice.workspaceBytes = static_cast<std::size_t>(m_plan.getInt64(nv::CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE));
}

void EnginePlan::bind(const void* x, const void* w, void* y, void* workspace, std::size_t workspaceBytes)
{
    (void)workspaceBytes; // the plan knows its own need; the caller gives at least that much
    BackendDescriptor pack(m_api, nv::CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR, "variant pack");
    void* pointers[3] = {const_cast<void*>(x), const_cast<void*>(w), y};
    pack.set(nv::CUDNN_ATTR_VARIANT_PACK_UNIQUE_IDS, nv::CUDNN_TYPE_INT64, 3, m_uids.data());
    pack.set(nv::CUDNN_ATTR_VARIANT_PACK_DATA_POINTERS, nv::CUDNN_TYPE_VOID_PTR, 3, pointers);
    pack.set(nv::CUDNN_ATTR_VARIANT_PACK_WORKSPACE, nv::CUDNN_TYPE_VOID_PTR, 1, &workspace);
    pack.finalize();
    m_pack = std::move(pack);
}

void EnginePlan::enqueue()
{
    m_api.check(m_api.backend.execute(m_handle, m_plan.get(), m_pack.get()), "cudnnBackendExecute");
}

} // namespace cudnnsetup::runtime
