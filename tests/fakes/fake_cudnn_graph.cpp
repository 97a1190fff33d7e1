/* Fake cuDNN backend graph API (cudnnBackendCreateDescriptor and kin), for the benchmark's graph path on machines
 * without a GPU. Enough of it to build a forward-convolution operation graph, rank engine configurations, finalize an
 * execution plan and execute it; convolutions run on the CPU through runConvolution() (fake_cudnn_conv.cpp). Values
 * of descriptor types, attribute names and notes are NVIDIA's (cudnn_graph_v9.h).
 * Three engines, ranked by the heuristics in this order for FP32 data (FP16 data: 1, 0):
 *   global index 2: TENSOR_CORE + DOWN_CONVERT_INPUTS, FP32 inputs converted to FP16 first (FP32 data only)
 *   global index 1: TENSOR_CORE, FP32 inputs rounded to TF32; a workspace of C*R*S*8 bytes
 *   global index 0: no notes, exact FP32
 * Faults (compile-time, one scenario each):
 *   FAKE_CUDNN_PLAN_FINALIZE_RESULT     what cudnnBackendFinalize returns for every execution plan (default 0)
 *   FAKE_CUDNN_ENGINE_WORKSPACE_BYTES   the workspace every engine configuration needs (default: as above)
 *   FAKE_CUDNN_WRONG, FAKE_CUDNN_FORWARD_HANGS as in fake_cudnn_conv.cpp */
#include "fake_cudnn_conv.h"
#include "fake_export.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <new>
#include <vector>

#ifndef FAKE_CUDNN_PLAN_FINALIZE_RESULT
#define FAKE_CUDNN_PLAN_FINALIZE_RESULT 0
#endif

using namespace fakecudnn;

namespace {

enum : int {
    DESC_CONVOLUTION = 1,
    DESC_ENGINE = 2,
    DESC_ENGINECFG = 3,
    DESC_ENGINEHEUR = 4,
    DESC_EXECUTION_PLAN = 5,
    DESC_KNOB_CHOICE = 7,
    DESC_OPERATION_CONVOLUTION_FORWARD = 10,
    DESC_OPERATIONGRAPH = 15,
    DESC_VARIANT_PACK = 16,
    DESC_TENSOR = 17,
    DESC_TYPE_COUNT = 44,
};

enum : int {
    TYPE_HANDLE = 0,
    TYPE_DATA_TYPE = 1,
    TYPE_INT64 = 3,
    TYPE_FLOAT = 4,
    TYPE_VOID_PTR = 6,
    TYPE_CONVOLUTION_MODE = 7,
    TYPE_HEUR_MODE = 8,
    TYPE_KNOB_TYPE = 9,
    TYPE_NUMERICAL_NOTE = 11,
    TYPE_BACKEND_DESCRIPTOR = 15,
    TYPE_BEHAVIOR_NOTE = 19,
};

enum : int {
    CONVOLUTION_COMP_TYPE = 100,
    CONVOLUTION_CONV_MODE = 101,
    CONVOLUTION_DILATIONS = 102,
    CONVOLUTION_FILTER_STRIDES = 103,
    CONVOLUTION_POST_PADDINGS = 104,
    CONVOLUTION_PRE_PADDINGS = 105,
    CONVOLUTION_SPATIAL_DIMS = 106,
    ENGINEHEUR_MODE = 200,
    ENGINEHEUR_OPERATION_GRAPH = 201,
    ENGINEHEUR_RESULTS = 202,
    ENGINECFG_ENGINE = 300,
    ENGINECFG_KNOB_CHOICES = 302,
    ENGINECFG_WORKSPACE_SIZE = 303,
    EXECUTION_PLAN_HANDLE = 400,
    EXECUTION_PLAN_ENGINE_CONFIG = 401,
    EXECUTION_PLAN_WORKSPACE_SIZE = 402,
    KNOB_CHOICE_KNOB_TYPE = 600,
    KNOB_CHOICE_KNOB_VALUE = 601,
    CONV_FWD_ALPHA = 700,
    CONV_FWD_BETA = 701,
    CONV_FWD_CONV_DESC = 702,
    CONV_FWD_W = 703,
    CONV_FWD_X = 704,
    CONV_FWD_Y = 705,
    OPERATIONGRAPH_HANDLE = 800,
    OPERATIONGRAPH_OPS = 801,
    TENSOR_BYTE_ALIGNMENT = 900,
    TENSOR_DATA_TYPE = 901,
    TENSOR_DIMENSIONS = 902,
    TENSOR_STRIDES = 903,
    TENSOR_UNIQUE_ID = 906,
    VARIANT_PACK_UNIQUE_IDS = 1000,
    VARIANT_PACK_DATA_POINTERS = 1001,
    VARIANT_PACK_WORKSPACE = 1003,
    ENGINE_GLOBAL_INDEX = 1301,
    ENGINE_NUMERICAL_NOTE = 1303,
    ENGINE_BEHAVIOR_NOTE = 1305,
};

enum : int { NOTE_TENSOR_CORE = 0, NOTE_DOWN_CONVERT_INPUTS = 1 };
enum : int { KNOB_TILE_SIZE = 2, KNOB_STAGES = 14 };
enum : int { HEUR_MODE_COUNT = 4 };

struct Knob
{
    int type;
    std::int64_t value;
};

struct FakeEngine
{
    std::int64_t globalIndex;
    std::vector<int> notes;
    std::vector<Knob> knobs;
};

const FakeEngine kEngines[] = {
    {0, {}, {{KNOB_TILE_SIZE, 1}}},
    {1, {NOTE_TENSOR_CORE}, {{KNOB_TILE_SIZE, 3}, {KNOB_STAGES, 4}}},
    {2, {NOTE_TENSOR_CORE, NOTE_DOWN_CONVERT_INPUTS}, {{KNOB_TILE_SIZE, 5}}},
};

/** One convolution as the operation graph describes it, carried by value into configurations and plans. */
struct GraphInfo
{
    Problem problem;
    std::int64_t uidX = 0, uidW = 0, uidY = 0;
    float alpha = 1, beta = 0;
};

struct Attribute
{
    int type = 0;
    std::int64_t count = 0;
    std::vector<unsigned char> bytes;
};

struct Descriptor
{
    int type = 0;
    bool finalized = false;
    std::map<int, Attribute> attributes;

    // Learnt at finalize (or filled in by a query that hands the descriptor out).
    int dataType = DATA_FLOAT;
    std::int64_t dims[4] = {0, 0, 0, 0};
    TensorLayout layout = TensorLayout::Nchw;
    std::int64_t uid = 0;
    int padH = 0, padW = 0, strideH = 1, strideW = 1;
    GraphInfo info;
    int engine = -1; // index into kEngines
    Knob knob{0, 0};
    std::vector<int> ranking; // heuristics: engines best first
    std::map<std::int64_t, void*> pointers; // variant pack: uid -> device pointer
    void* workspace = nullptr;
    std::size_t workspaceBytes = 0;
};

std::size_t elementBytes(int type)
{
    switch (type) {
    case TYPE_HANDLE:
    case TYPE_VOID_PTR:
    case TYPE_BACKEND_DESCRIPTOR:
        return sizeof(void*);
    case TYPE_INT64:
        return sizeof(std::int64_t);
    case TYPE_FLOAT:
        return sizeof(float);
    case TYPE_DATA_TYPE:
    case TYPE_CONVOLUTION_MODE:
    case TYPE_HEUR_MODE:
    case TYPE_KNOB_TYPE:
    case TYPE_NUMERICAL_NOTE:
    case TYPE_BEHAVIOR_NOTE:
        return sizeof(int);
    default:
        return 0;
    }
}

/** The type each attribute this fake accepts must be set with; -1 for one it does not know. */
int attributeType(int name)
{
    switch (name) {
    case CONVOLUTION_COMP_TYPE:
    case TENSOR_DATA_TYPE:
        return TYPE_DATA_TYPE;
    case CONVOLUTION_CONV_MODE:
        return TYPE_CONVOLUTION_MODE;
    case CONVOLUTION_DILATIONS:
    case CONVOLUTION_FILTER_STRIDES:
    case CONVOLUTION_POST_PADDINGS:
    case CONVOLUTION_PRE_PADDINGS:
    case CONVOLUTION_SPATIAL_DIMS:
    case TENSOR_BYTE_ALIGNMENT:
    case TENSOR_DIMENSIONS:
    case TENSOR_STRIDES:
    case TENSOR_UNIQUE_ID:
    case VARIANT_PACK_UNIQUE_IDS:
        return TYPE_INT64;
    case ENGINEHEUR_MODE:
        return TYPE_HEUR_MODE;
    case ENGINEHEUR_OPERATION_GRAPH:
    case EXECUTION_PLAN_ENGINE_CONFIG:
    case CONV_FWD_CONV_DESC:
    case CONV_FWD_W:
    case CONV_FWD_X:
    case CONV_FWD_Y:
    case OPERATIONGRAPH_OPS:
        return TYPE_BACKEND_DESCRIPTOR;
    case EXECUTION_PLAN_HANDLE:
    case OPERATIONGRAPH_HANDLE:
        return TYPE_HANDLE;
    case CONV_FWD_ALPHA:
    case CONV_FWD_BETA:
        return TYPE_FLOAT;
    case VARIANT_PACK_DATA_POINTERS:
    case VARIANT_PACK_WORKSPACE:
        return TYPE_VOID_PTR;
    default:
        return -1;
    }
}

const Attribute* find(const Descriptor& d, int name, std::int64_t count = -1)
{
    const auto it = d.attributes.find(name);
    if (it == d.attributes.end() || (count >= 0 && it->second.count != count)) {
        return nullptr;
    }
    return &it->second;
}

template <typename T> T element(const Attribute& a, std::int64_t index)
{
    T value{};
    std::memcpy(&value, a.bytes.data() + std::size_t(index) * sizeof(T), sizeof(T));
    return value;
}

/** The finalized descriptor of `type` that attribute `name` of `d` holds, or null. */
const Descriptor* linked(const Descriptor& d, int name, int type)
{
    const Attribute* a = find(d, name, 1);
    const auto* target = a ? element<const Descriptor*>(*a, 0) : nullptr;
    return target && target->type == type && target->finalized ? target : nullptr;
}

std::size_t engineWorkspace(const GraphInfo& info, int engine)
{
#ifdef FAKE_CUDNN_ENGINE_WORKSPACE_BYTES
    (void)info;
    (void)engine;
    return static_cast<std::size_t>(FAKE_CUDNN_ENGINE_WORKSPACE_BYTES);
#else
    const ConvShape& s = info.problem.shape;
    return kEngines[engine].globalIndex == 1 ? std::size_t(s.c) * s.r * s.s * sizeof(std::int64_t) : 0;
#endif
}

cudnnStatus_t finalizeTensor(Descriptor& d)
{
    const Attribute* type = find(d, TENSOR_DATA_TYPE, 1);
    const Attribute* dims = find(d, TENSOR_DIMENSIONS, 4);
    const Attribute* strides = find(d, TENSOR_STRIDES, 4);
    const Attribute* uid = find(d, TENSOR_UNIQUE_ID, 1);
    const Attribute* alignment = find(d, TENSOR_BYTE_ALIGNMENT, 1);
    if (!type || !dims || !strides || !uid || !alignment) {
        return STATUS_BAD_PARAM;
    }
    d.dataType = element<int>(*type, 0);
    if (d.dataType != DATA_FLOAT && d.dataType != DATA_HALF) {
        return STATUS_NOT_SUPPORTED;
    }
    std::int64_t s[4];
    for (int i = 0; i < 4; ++i) {
        d.dims[i] = element<std::int64_t>(*dims, i);
        s[i] = element<std::int64_t>(*strides, i);
        if (d.dims[i] <= 0) {
            return STATUS_BAD_PARAM;
        }
    }
    const std::int64_t n = d.dims[0], c = d.dims[1], h = d.dims[2], w = d.dims[3];
    (void)n;
    if (s[0] == c * h * w && s[1] == h * w && s[2] == w && s[3] == 1) {
        d.layout = TensorLayout::Nchw;
    } else if (s[0] == h * w * c && s[1] == 1 && s[2] == w * c && s[3] == c) {
        d.layout = TensorLayout::Nhwc;
    } else {
        return STATUS_NOT_SUPPORTED; // this fake knows packed NCHW and NHWC only
    }
    d.uid = element<std::int64_t>(*uid, 0);
    return STATUS_SUCCESS;
}

cudnnStatus_t finalizeConvolution(Descriptor& d)
{
    const Attribute* compute = find(d, CONVOLUTION_COMP_TYPE, 1);
    const Attribute* mode = find(d, CONVOLUTION_CONV_MODE, 1);
    const Attribute* dims = find(d, CONVOLUTION_SPATIAL_DIMS, 1);
    const Attribute* dilations = find(d, CONVOLUTION_DILATIONS, 2);
    const Attribute* strides = find(d, CONVOLUTION_FILTER_STRIDES, 2);
    const Attribute* pre = find(d, CONVOLUTION_PRE_PADDINGS, 2);
    const Attribute* post = find(d, CONVOLUTION_POST_PADDINGS, 2);
    if (!compute || !mode || !dims || !dilations || !strides || !pre || !post || element<std::int64_t>(*dims, 0) != 2) {
        return STATUS_BAD_PARAM;
    }
    if (element<int>(*compute, 0) != DATA_FLOAT || element<int>(*mode, 0) != CROSS_CORRELATION
        || element<std::int64_t>(*dilations, 0) != 1 || element<std::int64_t>(*dilations, 1) != 1
        || element<std::int64_t>(*pre, 0) != element<std::int64_t>(*post, 0)
        || element<std::int64_t>(*pre, 1) != element<std::int64_t>(*post, 1)) {
        return STATUS_NOT_SUPPORTED; // this fake implements what frameworks use, no more
    }
    d.strideH = int(element<std::int64_t>(*strides, 0));
    d.strideW = int(element<std::int64_t>(*strides, 1));
    d.padH = int(element<std::int64_t>(*pre, 0));
    d.padW = int(element<std::int64_t>(*pre, 1));
    return d.strideH > 0 && d.strideW > 0 && d.padH >= 0 && d.padW >= 0 ? STATUS_SUCCESS : STATUS_BAD_PARAM;
}

cudnnStatus_t finalizeOperation(Descriptor& d)
{
    const Descriptor* x = linked(d, CONV_FWD_X, DESC_TENSOR);
    const Descriptor* w = linked(d, CONV_FWD_W, DESC_TENSOR);
    const Descriptor* y = linked(d, CONV_FWD_Y, DESC_TENSOR);
    const Descriptor* conv = linked(d, CONV_FWD_CONV_DESC, DESC_CONVOLUTION);
    if (!x || !w || !y || !conv) {
        return STATUS_BAD_PARAM;
    }
    if (x->dataType != w->dataType || x->dataType != y->dataType || x->layout != w->layout || x->layout != y->layout
        || x->dims[1] != w->dims[1] || x->uid == w->uid || x->uid == y->uid || w->uid == y->uid) {
        return STATUS_BAD_PARAM;
    }
    GraphInfo& info = d.info;
    ConvShape& s = info.problem.shape;
    s.n = int(x->dims[0]);
    s.c = int(x->dims[1]);
    s.h = int(x->dims[2]);
    s.w = int(x->dims[3]);
    s.k = int(w->dims[0]);
    s.r = int(w->dims[2]);
    s.s = int(w->dims[3]);
    s.padH = conv->padH;
    s.padW = conv->padW;
    s.strideH = conv->strideH;
    s.strideW = conv->strideW;
    if (!s.valid() || y->dims[0] != s.n || y->dims[1] != s.k || y->dims[2] != s.p() || y->dims[3] != s.q()) {
        return STATUS_BAD_PARAM;
    }
    info.problem.layout = x->layout;
    info.problem.dataType = x->dataType;
    info.uidX = x->uid;
    info.uidW = w->uid;
    info.uidY = y->uid;
    const Attribute* alpha = find(d, CONV_FWD_ALPHA, 1);
    const Attribute* beta = find(d, CONV_FWD_BETA, 1);
    info.alpha = alpha ? element<float>(*alpha, 0) : 1.0f;
    info.beta = beta ? element<float>(*beta, 0) : 0.0f;
    return STATUS_SUCCESS;
}

cudnnStatus_t finalizeGraph(Descriptor& d)
{
    const Descriptor* operation = linked(d, OPERATIONGRAPH_OPS, DESC_OPERATION_CONVOLUTION_FORWARD);
    const Attribute* handle = find(d, OPERATIONGRAPH_HANDLE, 1);
    if (!operation || !handle || !element<void*>(*handle, 0)) {
        return STATUS_BAD_PARAM; // one forward convolution: all this fake fuses
    }
    d.info = operation->info;
    return STATUS_SUCCESS;
}

cudnnStatus_t finalizeHeuristics(Descriptor& d)
{
    const Descriptor* graph = linked(d, ENGINEHEUR_OPERATION_GRAPH, DESC_OPERATIONGRAPH);
    const Attribute* mode = find(d, ENGINEHEUR_MODE, 1);
    if (!graph || !mode || element<int>(*mode, 0) < 0 || element<int>(*mode, 0) >= HEUR_MODE_COUNT) {
        return STATUS_BAD_PARAM;
    }
    d.info = graph->info;
    d.ranking = d.info.problem.dataType == DATA_FLOAT ? std::vector<int>{2, 1, 0} : std::vector<int>{1, 0};
    return STATUS_SUCCESS;
}

cudnnStatus_t finalizePlan(Descriptor& d)
{
    const Descriptor* config = linked(d, EXECUTION_PLAN_ENGINE_CONFIG, DESC_ENGINECFG);
    const Attribute* handle = find(d, EXECUTION_PLAN_HANDLE, 1);
    if (!config || !handle || !element<void*>(*handle, 0) || config->engine < 0) {
        return STATUS_BAD_PARAM;
    }
    if (FAKE_CUDNN_PLAN_FINALIZE_RESULT != STATUS_SUCCESS) {
        return FAKE_CUDNN_PLAN_FINALIZE_RESULT;
    }
    d.info = config->info;
    d.engine = config->engine;
    d.workspaceBytes = config->workspaceBytes;
    return STATUS_SUCCESS;
}

cudnnStatus_t finalizeVariantPack(Descriptor& d)
{
    const Attribute* uids = find(d, VARIANT_PACK_UNIQUE_IDS);
    const Attribute* pointers = find(d, VARIANT_PACK_DATA_POINTERS);
    if (!uids || !pointers || uids->count != pointers->count || uids->count < 1) {
        return STATUS_BAD_PARAM;
    }
    d.pointers.clear();
    for (std::int64_t i = 0; i < uids->count; ++i) {
        d.pointers[element<std::int64_t>(*uids, i)] = element<void*>(*pointers, i);
    }
    const Attribute* workspace = find(d, VARIANT_PACK_WORKSPACE, 1);
    d.workspace = workspace ? element<void*>(*workspace, 0) : nullptr;
    return STATUS_SUCCESS;
}

/** Hands a configuration of `engine` for `info` out through a descriptor the caller created. */
void fillConfig(Descriptor& config, const GraphInfo& info, int engine)
{
    config.finalized = true;
    config.info = info;
    config.engine = engine;
    config.workspaceBytes = engineWorkspace(info, engine);
}

/** Writes up to `requested` values, says how many there are. */
template <typename T>
cudnnStatus_t answer(const std::vector<T>& values, std::int64_t requested, std::int64_t* count, void* elements)
{
    *count = static_cast<std::int64_t>(values.size());
    if (requested > 0 && !elements) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    const std::size_t n = std::min<std::size_t>(values.size(), std::size_t(std::max<std::int64_t>(requested, 0)));
    if (n > 0) {
        std::memcpy(elements, values.data(), n * sizeof(T));
    }
    return STATUS_SUCCESS;
}

/** The caller's descriptors of `type` in `elements`, up to `requested`; empty when one is of another type. */
std::vector<Descriptor*> callerDescriptors(void* elements, std::int64_t requested, int type, bool& ok)
{
    std::vector<Descriptor*> out;
    ok = true;
    for (std::int64_t i = 0; i < requested; ++i) {
        Descriptor* d = static_cast<Descriptor**>(elements)[i];
        if (!d || d->type != type) {
            ok = false;
            return {};
        }
        out.push_back(d);
    }
    return out;
}

} // namespace

extern "C" {

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnBackendCreateDescriptor(int type, void** descriptor)
{
    if (!descriptor) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    if (type < 0 || type >= DESC_TYPE_COUNT) {
        return STATUS_BAD_PARAM;
    }
    auto* d = new (std::nothrow) Descriptor();
    if (!d) {
        return STATUS_ALLOC_FAILED;
    }
    d->type = type;
    *descriptor = d;
    return STATUS_SUCCESS;
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnBackendDestroyDescriptor(void* descriptor)
{
    delete static_cast<Descriptor*>(descriptor);
    return STATUS_SUCCESS;
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL
cudnnBackendSetAttribute(void* descriptor, int name, int type, std::int64_t count, const void* elements)
{
    auto* d = static_cast<Descriptor*>(descriptor);
    if (!d || (count > 0 && !elements)) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    if (d->finalized || count < 0 || attributeType(name) != type) {
        return STATUS_BAD_PARAM;
    }
    Attribute a;
    a.type = type;
    a.count = count;
    a.bytes.resize(std::size_t(count) * elementBytes(type));
    if (!a.bytes.empty()) {
        std::memcpy(a.bytes.data(), elements, a.bytes.size());
    }
    d->attributes[name] = std::move(a);
    return STATUS_SUCCESS;
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnBackendFinalize(void* descriptor)
{
    auto* d = static_cast<Descriptor*>(descriptor);
    if (!d) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    if (d->finalized) {
        return STATUS_BAD_PARAM;
    }
    cudnnStatus_t status = STATUS_NOT_SUPPORTED;
    switch (d->type) {
    case DESC_TENSOR:
        status = finalizeTensor(*d);
        break;
    case DESC_CONVOLUTION:
        status = finalizeConvolution(*d);
        break;
    case DESC_OPERATION_CONVOLUTION_FORWARD:
        status = finalizeOperation(*d);
        break;
    case DESC_OPERATIONGRAPH:
        status = finalizeGraph(*d);
        break;
    case DESC_ENGINEHEUR:
        status = finalizeHeuristics(*d);
        break;
    case DESC_EXECUTION_PLAN:
        status = finalizePlan(*d);
        break;
    case DESC_VARIANT_PACK:
        status = finalizeVariantPack(*d);
        break;
    default:
        break;
    }
    d->finalized = status == STATUS_SUCCESS;
    return status;
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnBackendGetAttribute(
    void* descriptor, int name, int type, std::int64_t requested, std::int64_t* count, void* elements)
{
    const auto* d = static_cast<const Descriptor*>(descriptor);
    if (!d || !count) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    if (!d->finalized || requested < 0) {
        return STATUS_BAD_PARAM;
    }
    bool ok = true;
    if (d->type == DESC_ENGINEHEUR && name == ENGINEHEUR_RESULTS && type == TYPE_BACKEND_DESCRIPTOR) {
        const std::vector<Descriptor*> out = callerDescriptors(elements, requested, DESC_ENGINECFG, ok);
        if (!ok) {
            return STATUS_BAD_PARAM;
        }
        *count = static_cast<std::int64_t>(d->ranking.size());
        for (std::size_t i = 0; i < out.size() && i < d->ranking.size(); ++i) {
            fillConfig(*out[i], d->info, d->ranking[i]);
        }
        return STATUS_SUCCESS;
    }
    if (d->type == DESC_ENGINECFG && name == ENGINECFG_ENGINE && type == TYPE_BACKEND_DESCRIPTOR) {
        const std::vector<Descriptor*> out = callerDescriptors(elements, requested, DESC_ENGINE, ok);
        if (!ok) {
            return STATUS_BAD_PARAM;
        }
        *count = 1;
        if (!out.empty()) {
            out[0]->finalized = true;
            out[0]->info = d->info;
            out[0]->engine = d->engine;
        }
        return STATUS_SUCCESS;
    }
    if (d->type == DESC_ENGINECFG && name == ENGINECFG_KNOB_CHOICES && type == TYPE_BACKEND_DESCRIPTOR) {
        const std::vector<Descriptor*> out = callerDescriptors(elements, requested, DESC_KNOB_CHOICE, ok);
        if (!ok) {
            return STATUS_BAD_PARAM;
        }
        const std::vector<Knob>& knobs = kEngines[d->engine].knobs;
        *count = static_cast<std::int64_t>(knobs.size());
        for (std::size_t i = 0; i < out.size() && i < knobs.size(); ++i) {
            out[i]->finalized = true;
            out[i]->knob = knobs[i];
        }
        return STATUS_SUCCESS;
    }
    if (type == TYPE_INT64
        && ((d->type == DESC_ENGINECFG && name == ENGINECFG_WORKSPACE_SIZE)
            || (d->type == DESC_EXECUTION_PLAN && name == EXECUTION_PLAN_WORKSPACE_SIZE))) {
        return answer(std::vector<std::int64_t>{std::int64_t(d->workspaceBytes)}, requested, count, elements);
    }
    if (d->type == DESC_ENGINE && name == ENGINE_GLOBAL_INDEX && type == TYPE_INT64) {
        return answer(std::vector<std::int64_t>{kEngines[d->engine].globalIndex}, requested, count, elements);
    }
    if (d->type == DESC_ENGINE && name == ENGINE_NUMERICAL_NOTE && type == TYPE_NUMERICAL_NOTE) {
        return answer(kEngines[d->engine].notes, requested, count, elements);
    }
    if (d->type == DESC_ENGINE && name == ENGINE_BEHAVIOR_NOTE && type == TYPE_BEHAVIOR_NOTE) {
        return answer(std::vector<int>{}, requested, count, elements);
    }
    if (d->type == DESC_KNOB_CHOICE && name == KNOB_CHOICE_KNOB_TYPE && type == TYPE_KNOB_TYPE) {
        return answer(std::vector<int>{d->knob.type}, requested, count, elements);
    }
    if (d->type == DESC_KNOB_CHOICE && name == KNOB_CHOICE_KNOB_VALUE && type == TYPE_INT64) {
        return answer(std::vector<std::int64_t>{d->knob.value}, requested, count, elements);
    }
    return STATUS_NOT_SUPPORTED;
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnBackendExecute(Handle* handle, void* plan, void* variantPack)
{
    const auto* p = static_cast<const Descriptor*>(plan);
    const auto* pack = static_cast<const Descriptor*>(variantPack);
    if (!handle || !p || !pack) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    if (p->type != DESC_EXECUTION_PLAN || !p->finalized || pack->type != DESC_VARIANT_PACK || !pack->finalized) {
        return STATUS_BAD_PARAM;
    }
    const GraphInfo& info = p->info;
    const auto pointer = [&](std::int64_t uid) -> void* {
        const auto it = pack->pointers.find(uid);
        return it == pack->pointers.end() ? nullptr : it->second;
    };
    void* x = pointer(info.uidX);
    void* w = pointer(info.uidW);
    void* y = pointer(info.uidY);
    if (!x || !w || !y || (p->workspaceBytes > 0 && !pack->workspace)) {
        return STATUS_BAD_PARAM;
    }
    Problem problem = info.problem;
    const std::vector<int>& notes = kEngines[p->engine].notes;
    const bool tensorCore = std::find(notes.begin(), notes.end(), NOTE_TENSOR_CORE) != notes.end();
    problem.mathType = tensorCore ? DEFAULT_MATH : FMA_MATH;
    problem.halfInputs = std::find(notes.begin(), notes.end(), NOTE_DOWN_CONVERT_INPUTS) != notes.end();
    return runConvolution(handle->stream, problem, info.alpha, x, w, info.beta, y);
}

} // extern "C"
