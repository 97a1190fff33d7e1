// SPDX-License-Identifier: Apache-2.0
#include "runtime/OneDnnConvolution.h"

#include "runtime/DynamicLibrary.h"

#if __has_include(<oneapi/dnnl/dnnl.h>)
#include <oneapi/dnnl/dnnl.h>
#if DNNL_VERSION_MAJOR == 2
#define CUDNN_SETUP_HAS_ONEDNN 1
#endif
#endif

namespace cudnnsetup::runtime {

#ifdef CUDNN_SETUP_HAS_ONEDNN

/** The oneDNN 2.x C API functions the benchmark calls, resolved from the library loaded at run time. */
struct OneDnnConvolution::Api
{
    DynamicLibrary library;
    decltype(&dnnl_version) version = nullptr;
    decltype(&dnnl_engine_create) engineCreate = nullptr;
    decltype(&dnnl_engine_destroy) engineDestroy = nullptr;
    decltype(&dnnl_stream_create) streamCreate = nullptr;
    decltype(&dnnl_stream_wait) streamWait = nullptr;
    decltype(&dnnl_stream_destroy) streamDestroy = nullptr;
    decltype(&dnnl_memory_desc_init_by_tag) memoryDescInit = nullptr;
    decltype(&dnnl_memory_create) memoryCreate = nullptr;
    decltype(&dnnl_memory_set_data_handle_v2) memorySetHandle = nullptr;
    decltype(&dnnl_memory_destroy) memoryDestroy = nullptr;
    decltype(&dnnl_convolution_forward_desc_init) convolutionDescInit = nullptr;
    decltype(&dnnl_primitive_desc_create) primitiveDescCreate = nullptr;
    decltype(&dnnl_primitive_desc_destroy) primitiveDescDestroy = nullptr;
    decltype(&dnnl_primitive_create) primitiveCreate = nullptr;
    decltype(&dnnl_primitive_execute) primitiveExecute = nullptr;
    decltype(&dnnl_primitive_destroy) primitiveDestroy = nullptr;
    decltype(&dnnl_primitive_desc_query_md) queryMd = nullptr;
    decltype(&dnnl_reorder_primitive_desc_create) reorderDescCreate = nullptr;
    decltype(&dnnl_memory_desc_equal) memoryDescEqual = nullptr;
    dnnl_engine_t engine = nullptr;
    dnnl_stream_t stream = nullptr;

    /** "" when every symbol resolved, else the first missing one. */
    std::string resolve()
    {
        const char* missing = nullptr;
        auto get = [&](auto& fn, const char* name) {
            fn = library.symbol<std::remove_reference_t<decltype(fn)>>(name);
            if (!fn && !missing)
                missing = name;
        };
        get(version, "dnnl_version");
        get(engineCreate, "dnnl_engine_create");
        get(engineDestroy, "dnnl_engine_destroy");
        get(streamCreate, "dnnl_stream_create");
        get(streamWait, "dnnl_stream_wait");
        get(streamDestroy, "dnnl_stream_destroy");
        get(memoryDescInit, "dnnl_memory_desc_init_by_tag");
        get(memoryCreate, "dnnl_memory_create");
        get(memorySetHandle, "dnnl_memory_set_data_handle_v2");
        get(memoryDestroy, "dnnl_memory_destroy");
        get(convolutionDescInit, "dnnl_convolution_forward_desc_init");
        get(primitiveDescCreate, "dnnl_primitive_desc_create");
        get(primitiveDescDestroy, "dnnl_primitive_desc_destroy");
        get(primitiveCreate, "dnnl_primitive_create");
        get(primitiveExecute, "dnnl_primitive_execute");
        get(primitiveDestroy, "dnnl_primitive_destroy");
        get(queryMd, "dnnl_primitive_desc_query_md");
        get(reorderDescCreate, "dnnl_reorder_primitive_desc_create");
        get(memoryDescEqual, "dnnl_memory_desc_equal");
        return missing ? std::string("missing symbol ") + missing : std::string();
    }
};

namespace {
bool reorder(const OneDnnConvolution::Api& api,
             const dnnl_memory_desc_t& from,
             const float* filters,
             const dnnl_memory_desc_t& to,
             dnnl_memory_t weights);
} // namespace

struct OneDnnConvolution::Layer::Impl
{
    const Api* api = nullptr;
    dnnl_primitive_t primitive = nullptr;
    dnnl_memory_t src = nullptr;
    dnnl_memory_t weights = nullptr;
    dnnl_memory_t dst = nullptr;

    ~Impl()
    {
        if (primitive)
            api->primitiveDestroy(primitive);
        for (dnnl_memory_t memory : {src, weights, dst}) {
            if (memory)
                api->memoryDestroy(memory);
        }
    }
};

OneDnnConvolution::OneDnnConvolution()
    : m_api(std::make_unique<Api>())
{
#ifdef _WIN32
    const char* name = "dnnl.dll";
#else
    const char* name = "libdnnl.so.2";
#endif
    if (!m_api->library.open(name)) {
        m_error = m_api->library.lastError();
        m_api.reset();
        return;
    }
    m_error = m_api->resolve();
    if (m_error.empty() && m_api->engineCreate(&m_api->engine, dnnl_cpu, 0) != dnnl_success)
        m_error = "dnnl_engine_create(dnnl_cpu) failed";
    if (m_error.empty()
        && m_api->streamCreate(&m_api->stream, m_api->engine, dnnl_stream_default_flags) != dnnl_success)
        m_error = "dnnl_stream_create failed";
    if (!m_error.empty()) {
        m_api.reset(); // the engine and stream, if any, go with the process
        return;
    }
    m_library = m_api->library.loadedPath();
    const dnnl_version_t* v = m_api->version();
    m_version = std::to_string(v->major) + "." + std::to_string(v->minor) + "." + std::to_string(v->patch);
    m_api->library.keepLoadedUntilExit(); // its OpenMP threads outlive any one benchmark
}

std::unique_ptr<OneDnnConvolution::Layer>
OneDnnConvolution::prepare(const ConvShape& shape, TensorLayout layout, const float* filters)
{
    if (!available() || !shape.valid())
        return nullptr;
    const Api& api = *m_api;
    const bool nhwc = layout == TensorLayout::Nhwc;
    const dnnl_dims_t src{shape.n, shape.c, shape.h, shape.w};
    const dnnl_dims_t weights{shape.k, shape.c, shape.r, shape.s};
    const dnnl_dims_t dst{shape.n, shape.k, shape.p(), shape.q()};
    const dnnl_dims_t strides{shape.strideH, shape.strideW};
    const dnnl_dims_t padding{shape.padH, shape.padW};
    // Activations in the case's layout, as a framework holding channels-last tensors passes them; the filters in
    // whatever blocked format oneDNN's fastest kernel wants (with plain KRSC it falls back to its slow reference
    // code), reordered once here, outside the timed part, as a framework packs an inference model's weights once.
    dnnl_memory_desc_t srcMd, userWeightsMd, anyWeightsMd, dstMd;
    if (api.memoryDescInit(&srcMd, 4, src, dnnl_f32, nhwc ? dnnl_nhwc : dnnl_nchw) != dnnl_success
        || api.memoryDescInit(&userWeightsMd, 4, weights, dnnl_f32, nhwc ? dnnl_ohwi : dnnl_oihw) != dnnl_success
        || api.memoryDescInit(&anyWeightsMd, 4, weights, dnnl_f32, dnnl_format_tag_any) != dnnl_success
        || api.memoryDescInit(&dstMd, 4, dst, dnnl_f32, nhwc ? dnnl_nhwc : dnnl_nchw) != dnnl_success)
        return nullptr;
    dnnl_convolution_desc_t convolution;
    if (api.convolutionDescInit(&convolution,
                                dnnl_forward_inference,
                                dnnl_convolution_direct,
                                &srcMd,
                                &anyWeightsMd,
                                nullptr,
                                &dstMd,
                                strides,
                                padding,
                                padding)
        != dnnl_success)
        return nullptr;
    dnnl_primitive_desc_t descriptor = nullptr;
    if (api.primitiveDescCreate(&descriptor, &convolution, nullptr, api.engine, nullptr) != dnnl_success)
        return nullptr;
    auto impl = std::make_unique<Layer::Impl>();
    impl->api = m_api.get();
    const dnnl_memory_desc_t weightsMd = *api.queryMd(descriptor, dnnl_query_weights_md, 0);
    const bool made = api.primitiveCreate(&impl->primitive, descriptor) == dnnl_success;
    api.primitiveDescDestroy(descriptor);
    if (!made || api.memoryCreate(&impl->src, &srcMd, api.engine, DNNL_MEMORY_NONE) != dnnl_success
        || api.memoryCreate(&impl->dst, &dstMd, api.engine, DNNL_MEMORY_NONE) != dnnl_success
        || api.memoryCreate(&impl->weights, &weightsMd, api.engine, DNNL_MEMORY_ALLOCATE) != dnnl_success)
        return nullptr;
    return reorder(api, userWeightsMd, filters, weightsMd, impl->weights)
        ? std::unique_ptr<Layer>(new Layer(std::move(impl)))
        : nullptr;
}

namespace {

/** Copies `filters`, laid out as `from`, into `weights`, laid out as `to`, through a oneDNN reorder. */
bool reorder(const OneDnnConvolution::Api& api,
             const dnnl_memory_desc_t& from,
             const float* filters,
             const dnnl_memory_desc_t& to,
             dnnl_memory_t weights)
{
    dnnl_memory_t user = nullptr;
    if (api.memoryCreate(&user, &from, api.engine, const_cast<float*>(filters)) != dnnl_success)
        return false;
    bool ok = false;
    dnnl_primitive_desc_t descriptor = nullptr;
    dnnl_primitive_t reorder = nullptr;
    if (api.reorderDescCreate(&descriptor, &from, api.engine, &to, api.engine, nullptr) == dnnl_success) {
        ok = api.primitiveCreate(&reorder, descriptor) == dnnl_success;
        api.primitiveDescDestroy(descriptor);
    }
    if (ok) {
        const dnnl_exec_arg_t args[] = {{DNNL_ARG_FROM, user}, {DNNL_ARG_TO, weights}};
        ok = api.primitiveExecute(reorder, api.stream, 2, args) == dnnl_success
            && api.streamWait(api.stream) == dnnl_success;
        api.primitiveDestroy(reorder);
    }
    api.memoryDestroy(user);
    return ok;
}

} // namespace

bool OneDnnConvolution::Layer::run(const float* x, float* y) const
{
    const Api& api = *m_impl->api;
    if (api.memorySetHandle(m_impl->src, const_cast<float*>(x), api.stream) != dnnl_success
        || api.memorySetHandle(m_impl->dst, y, api.stream) != dnnl_success)
        return false;
    const dnnl_exec_arg_t args[]
        = {{DNNL_ARG_SRC, m_impl->src}, {DNNL_ARG_WEIGHTS, m_impl->weights}, {DNNL_ARG_DST, m_impl->dst}};
    return api.primitiveExecute(m_impl->primitive, api.stream, 3, args) == dnnl_success
        && api.streamWait(api.stream) == dnnl_success;
}

bool OneDnnConvolution::available() const
{
    return m_api != nullptr;
}

#else // built without oneDNN's header: the reference is the only CPU baseline

struct OneDnnConvolution::Api
{
};
struct OneDnnConvolution::Layer::Impl
{
};

OneDnnConvolution::OneDnnConvolution()
    : m_error("built without oneDNN (its header was not found)")
{
}

std::unique_ptr<OneDnnConvolution::Layer> OneDnnConvolution::prepare(const ConvShape&, TensorLayout, const float*)
{
    return nullptr;
}

bool OneDnnConvolution::Layer::run(const float*, float*) const
{
    return false;
}

bool OneDnnConvolution::available() const
{
    return false;
}

#endif

OneDnnConvolution& OneDnnConvolution::instance()
{
    static OneDnnConvolution loaded; // destroyed at exit; the library itself stays mapped
    return loaded;
}

OneDnnConvolution::~OneDnnConvolution() = default;

OneDnnConvolution::Layer::Layer(std::unique_ptr<Impl> impl)
    : m_impl(std::move(impl))
{
}
OneDnnConvolution::Layer::~Layer() = default;
OneDnnConvolution::Layer::Layer(Layer&&) noexcept = default;

} // namespace cudnnsetup::runtime
