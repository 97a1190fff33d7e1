#include "runtime/GraphConvolution.h"

#include "runtime/GpuCallError.h"

#include <algorithm>

namespace cudnnsetup::runtime {

namespace {

constexpr std::int64_t kUidX = 1;
constexpr std::int64_t kUidW = 2;
constexpr std::int64_t kUidY = 3;
constexpr std::int64_t kAlignment = 16; // cudaMalloc gives 256

bool hasNote(const std::vector<int>& notes, int note)
{
    return std::find(notes.begin(), notes.end(), note) != notes.end();
}

/** An N,C,H,W (or K,C,R,S) tensor of `layout` in memory: the graph API takes logical dims and explicit strides. */
BackendDescriptor makeTensor(const CudnnApi& api,
                             const char* what,
                             std::int64_t uid,
                             int dataType,
                             TensorLayout layout,
                             std::int64_t n,
                             std::int64_t c,
                             std::int64_t h,
                             std::int64_t w)
{
    BackendDescriptor tensor(api, nv::CUDNN_BACKEND_TENSOR_DESCRIPTOR, what);
    const std::vector<std::int64_t> strides = layout == TensorLayout::Nhwc
        ? std::vector<std::int64_t>{h * w * c, 1, w * c, c}
        : std::vector<std::int64_t>{c * h * w, h * w, w, 1};
    tensor.setEnum(nv::CUDNN_ATTR_TENSOR_DATA_TYPE, nv::CUDNN_TYPE_DATA_TYPE, dataType);
    tensor.setInt64s(nv::CUDNN_ATTR_TENSOR_DIMENSIONS, {n, c, h, w});
    tensor.setInt64s(nv::CUDNN_ATTR_TENSOR_STRIDES, strides);
    tensor.setInt64(nv::CUDNN_ATTR_TENSOR_UNIQUE_ID, uid);
    tensor.setInt64(nv::CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT, kAlignment);
    tensor.finalize();
    return tensor;
}

/** The engine behind `config`, its notes and knobs, as the report names them. */
EngineChoice describeEngine(const CudnnApi& api, const BackendDescriptor& config)
{
    std::vector<BackendDescriptor> engine;
    engine.emplace_back(api, nv::CUDNN_BACKEND_ENGINE_DESCRIPTOR, "engine");
    config.getDescriptors(nv::CUDNN_ATTR_ENGINECFG_ENGINE, engine);
    EngineChoice choice;
    choice.globalIndex = engine.front().getInt64(nv::CUDNN_ATTR_ENGINE_GLOBAL_INDEX);
    choice.numericalNotes = engine.front().getEnums(
        nv::CUDNN_ATTR_ENGINE_NUMERICAL_NOTE, nv::CUDNN_TYPE_NUMERICAL_NOTE, nv::CUDNN_NUMERICAL_NOTE_TYPE_COUNT);
    choice.behaviorNotes = engine.front().getEnums(
        nv::CUDNN_ATTR_ENGINE_BEHAVIOR_NOTE, nv::CUDNN_TYPE_BEHAVIOR_NOTE, nv::CUDNN_BEHAVIOR_NOTE_TYPE_COUNT);

    constexpr int kMaxKnobs = 64; // CUDNN_KNOB_TYPE_COUNTS is 44 in cuDNN 9.19
    std::vector<BackendDescriptor> knobs;
    for (int i = 0; i < kMaxKnobs; ++i) {
        knobs.emplace_back(api, nv::CUDNN_BACKEND_KNOB_CHOICE_DESCRIPTOR, "knob choice");
    }
    const std::int64_t count = config.getDescriptors(nv::CUDNN_ATTR_ENGINECFG_KNOB_CHOICES, knobs);
    for (std::int64_t i = 0; i < count; ++i) {
        const BackendDescriptor& knob = knobs[static_cast<std::size_t>(i)];
        const std::vector<int> type = knob.getEnums(nv::CUDNN_ATTR_KNOB_CHOICE_KNOB_TYPE, nv::CUDNN_TYPE_KNOB_TYPE, 1);
        choice.knobs.push_back(
            EngineKnob{type.empty() ? -1 : type.front(), knob.getInt64(nv::CUDNN_ATTR_KNOB_CHOICE_KNOB_VALUE)});
    }
    return choice;
}

} // namespace

std::string engineNotesRefusal(Precision precision, const std::vector<int>& numericalNotes)
{
    const std::string name = precisionName(precision);
    if (hasNote(numericalNotes, nv::CUDNN_NUMERICAL_NOTE_REDUCED_PRECISION_REDUCTION)) {
        return "REDUCED_PRECISION_REDUCTION: every case accumulates in FP32";
    }
    if (precision == Precision::Fp32 && hasNote(numericalNotes, nv::CUDNN_NUMERICAL_NOTE_TENSOR_CORE)) {
        return "TENSOR_CORE: fp32 stays off tensor cores";
    }
    if (precision != Precision::Fp16 && hasNote(numericalNotes, nv::CUDNN_NUMERICAL_NOTE_DOWN_CONVERT_INPUTS)) {
        return "DOWN_CONVERT_INPUTS: " + name + " never converts to FP16";
    }
    if (precision == Precision::Tf32 && !hasNote(numericalNotes, nv::CUDNN_NUMERICAL_NOTE_TENSOR_CORE)) {
        return "no TENSOR_CORE note: tf32 runs on tensor cores";
    }
    return "";
}

int equivalentMathType(Precision precision, const std::vector<int>& numericalNotes)
{
    if (hasNote(numericalNotes, nv::CUDNN_NUMERICAL_NOTE_DOWN_CONVERT_INPUTS) && precision != Precision::Fp16) {
        return nv::CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION;
    }
    if (!hasNote(numericalNotes, nv::CUDNN_NUMERICAL_NOTE_TENSOR_CORE)) {
        return nv::CUDNN_FMA_MATH;
    }
    return precision == Precision::Fp16 ? nv::CUDNN_TENSOR_OP_MATH : nv::CUDNN_DEFAULT_MATH;
}

GraphConvolution::GraphConvolution(
    const CudnnApi& api, nv::cudnnHandle_t handle, const ConvShape& shape, TensorLayout layout, Precision precision)
    : m_api(api)
    , m_handle(handle)
    , m_precision(precision)
{
    const int dataType = precision == Precision::Fp16 ? nv::CUDNN_DATA_HALF : nv::CUDNN_DATA_FLOAT;
    m_x = makeTensor(api, "tensor x", kUidX, dataType, layout, shape.n, shape.c, shape.h, shape.w);
    m_w = makeTensor(api, "tensor w", kUidW, dataType, layout, shape.k, shape.c, shape.r, shape.s);
    m_y = makeTensor(api, "tensor y", kUidY, dataType, layout, shape.n, shape.k, shape.p(), shape.q());

    m_conv = BackendDescriptor(api, nv::CUDNN_BACKEND_CONVOLUTION_DESCRIPTOR, "convolution");
    m_conv.setEnum(nv::CUDNN_ATTR_CONVOLUTION_COMP_TYPE, nv::CUDNN_TYPE_DATA_TYPE, nv::CUDNN_DATA_FLOAT);
    m_conv.setEnum(nv::CUDNN_ATTR_CONVOLUTION_CONV_MODE, nv::CUDNN_TYPE_CONVOLUTION_MODE, nv::CUDNN_CROSS_CORRELATION);
    m_conv.setInt64(nv::CUDNN_ATTR_CONVOLUTION_SPATIAL_DIMS, 2);
    m_conv.setInt64s(nv::CUDNN_ATTR_CONVOLUTION_DILATIONS, {1, 1});
    m_conv.setInt64s(nv::CUDNN_ATTR_CONVOLUTION_FILTER_STRIDES, {shape.strideH, shape.strideW});
    m_conv.setInt64s(nv::CUDNN_ATTR_CONVOLUTION_PRE_PADDINGS, {shape.padH, shape.padW});
    m_conv.setInt64s(nv::CUDNN_ATTR_CONVOLUTION_POST_PADDINGS, {shape.padH, shape.padW});
    m_conv.finalize();

    m_operation = BackendDescriptor(
        api, nv::CUDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR, "forward convolution operation");
    m_operation.setDescriptor(nv::CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_X, m_x);
    m_operation.setDescriptor(nv::CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_W, m_w);
    m_operation.setDescriptor(nv::CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_Y, m_y);
    m_operation.setDescriptor(nv::CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_CONV_DESC, m_conv);
    m_operation.setFloat(nv::CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_ALPHA, 1.0f); // float for float and half data
    m_operation.setFloat(nv::CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_BETA, 0.0f);
    m_operation.finalize();

    m_graph = BackendDescriptor(api, nv::CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR, "operation graph");
    m_graph.setHandle(nv::CUDNN_ATTR_OPERATIONGRAPH_HANDLE, handle);
    m_graph.setDescriptor(nv::CUDNN_ATTR_OPERATIONGRAPH_OPS, m_operation);
    m_graph.finalize();
}

std::vector<std::unique_ptr<EnginePlan>>
GraphConvolution::plans(std::size_t workspaceLimit, std::size_t max, std::string& rejected) const
{
    BackendDescriptor heuristics(m_api, nv::CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR, "engine heuristics");
    heuristics.setDescriptor(nv::CUDNN_ATTR_ENGINEHEUR_OPERATION_GRAPH, m_graph);
    heuristics.setEnum(nv::CUDNN_ATTR_ENGINEHEUR_MODE, nv::CUDNN_TYPE_HEUR_MODE, nv::CUDNN_HEUR_MODE_A);
    heuristics.finalize();
    const std::int64_t offered = heuristics.countDescriptors(nv::CUDNN_ATTR_ENGINEHEUR_RESULTS);
    std::vector<BackendDescriptor> configs;
    for (std::int64_t i = 0; i < offered; ++i) {
        configs.emplace_back(m_api, nv::CUDNN_BACKEND_ENGINECFG_DESCRIPTOR, "engine configuration");
    }
    const std::int64_t returned = heuristics.getDescriptors(nv::CUDNN_ATTR_ENGINEHEUR_RESULTS, configs);
    configs.resize(static_cast<std::size_t>(std::max<std::int64_t>(returned, 0)));

    const auto reject = [&](std::int64_t index, const std::string& why) {
        rejected += (rejected.empty() ? "" : "; ") + std::string("engine ") + std::to_string(index) + ": " + why;
    };
    std::vector<std::unique_ptr<EnginePlan>> plans;
    for (BackendDescriptor& config : configs) {
        if (plans.size() >= max) {
            break;
        }
        std::int64_t index = -1;
        try {
            LayerChoice choice;
            choice.engine = describeEngine(m_api, config);
            index = choice.engine->globalIndex;
            const std::vector<int>& notes = choice.engine->numericalNotes;
            if (const std::string refusal = engineNotesRefusal(m_precision, notes); !refusal.empty()) {
                reject(index, refusal);
                continue;
            }
            choice.mathType = equivalentMathType(m_precision, notes);
            auto plan = std::make_unique<EnginePlan>(m_api,
                                                     m_handle,
                                                     std::move(config),
                                                     std::move(choice),
                                                     std::array<std::int64_t, 3>{kUidX, kUidW, kUidY},
                                                     shared_from_this());
            if (plan->workspaceBytes() > workspaceLimit) {
                reject(index,
                       "needs " + std::to_string(plan->workspaceBytes()) + " bytes of workspace, over the limit of "
                           + std::to_string(workspaceLimit));
                continue;
            }
            plans.push_back(std::move(plan));
        } catch (const GpuCallError& error) {
            reject(index, error.what());
        }
    }
    if (offered == 0) {
        rejected += (rejected.empty() ? "" : "; ") + std::string("the heuristics offer no engine configuration");
    }
    return plans;
}

} // namespace cudnnsetup::runtime
