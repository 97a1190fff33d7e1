#pragma once

#include "runtime/NvidiaApi.h"

#include <cstdint>
#include <string>

/**
 * cuDNN's backend graph API (cudnn_graph.h in cuDNN 9, cudnn_backend.h in cuDNN 8): opaque descriptors that are
 * created, given attributes, finalized, queried and executed. Only the descriptors and attributes the benchmark's
 * convolution uses are declared; the numbers are NVIDIA's (cudnn_graph_v9.h of cuDNN 9.19, unchanged since 8.0).
 * cuDNN 7 has none of it: every function is then missing and the benchmark keeps the legacy API.
 */
namespace cudnnsetup::runtime {

class DynamicLibrary;

namespace nv {

using cudnnBackendDescriptor_t = void*;

/** cudnnBackendDescriptorType_t */
enum CudnnBackendDescriptorType : int {
    CUDNN_BACKEND_CONVOLUTION_DESCRIPTOR = 1,
    CUDNN_BACKEND_ENGINE_DESCRIPTOR = 2,
    CUDNN_BACKEND_ENGINECFG_DESCRIPTOR = 3,
    CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR = 4,
    CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR = 5,
    CUDNN_BACKEND_KNOB_CHOICE_DESCRIPTOR = 7,
    CUDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR = 10,
    CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR = 15,
    CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR = 16,
    CUDNN_BACKEND_TENSOR_DESCRIPTOR = 17,
};

/** cudnnBackendAttributeType_t: how the array handed to Set/GetAttribute is typed. Enums are 4-byte ints. */
enum CudnnBackendAttributeType : int {
    CUDNN_TYPE_HANDLE = 0, // cudnnHandle_t
    CUDNN_TYPE_DATA_TYPE = 1, // cudnnDataType_t
    CUDNN_TYPE_INT64 = 3,
    CUDNN_TYPE_FLOAT = 4,
    CUDNN_TYPE_VOID_PTR = 6,
    CUDNN_TYPE_CONVOLUTION_MODE = 7,
    CUDNN_TYPE_HEUR_MODE = 8,
    CUDNN_TYPE_KNOB_TYPE = 9,
    CUDNN_TYPE_NUMERICAL_NOTE = 11,
    CUDNN_TYPE_BACKEND_DESCRIPTOR = 15,
    CUDNN_TYPE_BEHAVIOR_NOTE = 19,
};

/** cudnnBackendAttributeName_t */
enum CudnnBackendAttributeName : int {
    CUDNN_ATTR_CONVOLUTION_COMP_TYPE = 100,
    CUDNN_ATTR_CONVOLUTION_CONV_MODE = 101,
    CUDNN_ATTR_CONVOLUTION_DILATIONS = 102,
    CUDNN_ATTR_CONVOLUTION_FILTER_STRIDES = 103,
    CUDNN_ATTR_CONVOLUTION_POST_PADDINGS = 104,
    CUDNN_ATTR_CONVOLUTION_PRE_PADDINGS = 105,
    CUDNN_ATTR_CONVOLUTION_SPATIAL_DIMS = 106,
    CUDNN_ATTR_ENGINEHEUR_MODE = 200,
    CUDNN_ATTR_ENGINEHEUR_OPERATION_GRAPH = 201,
    CUDNN_ATTR_ENGINEHEUR_RESULTS = 202,
    CUDNN_ATTR_ENGINECFG_ENGINE = 300,
    CUDNN_ATTR_ENGINECFG_KNOB_CHOICES = 302,
    CUDNN_ATTR_ENGINECFG_WORKSPACE_SIZE = 303,
    CUDNN_ATTR_EXECUTION_PLAN_HANDLE = 400,
    CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG = 401,
    CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE = 402,
    CUDNN_ATTR_KNOB_CHOICE_KNOB_TYPE = 600,
    CUDNN_ATTR_KNOB_CHOICE_KNOB_VALUE = 601,
    CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_ALPHA = 700,
    CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_BETA = 701,
    CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_CONV_DESC = 702,
    CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_W = 703,
    CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_X = 704,
    CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_Y = 705,
    CUDNN_ATTR_OPERATIONGRAPH_HANDLE = 800,
    CUDNN_ATTR_OPERATIONGRAPH_OPS = 801,
    CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT = 900,
    CUDNN_ATTR_TENSOR_DATA_TYPE = 901,
    CUDNN_ATTR_TENSOR_DIMENSIONS = 902,
    CUDNN_ATTR_TENSOR_STRIDES = 903,
    CUDNN_ATTR_TENSOR_UNIQUE_ID = 906,
    CUDNN_ATTR_VARIANT_PACK_UNIQUE_IDS = 1000,
    CUDNN_ATTR_VARIANT_PACK_DATA_POINTERS = 1001,
    CUDNN_ATTR_VARIANT_PACK_WORKSPACE = 1003,
    CUDNN_ATTR_ENGINE_GLOBAL_INDEX = 1301,
    CUDNN_ATTR_ENGINE_NUMERICAL_NOTE = 1303,
    CUDNN_ATTR_ENGINE_BEHAVIOR_NOTE = 1305,
};

/** cudnnBackendHeurMode_t */
enum CudnnBackendHeurMode : int { CUDNN_HEUR_MODE_INSTANT = 0, CUDNN_HEUR_MODE_B = 1, CUDNN_HEUR_MODE_A = 3 };

/** cudnnBackendNumericalNote_t */
enum CudnnBackendNumericalNote : int {
    CUDNN_NUMERICAL_NOTE_TENSOR_CORE = 0,
    CUDNN_NUMERICAL_NOTE_DOWN_CONVERT_INPUTS = 1,
    CUDNN_NUMERICAL_NOTE_REDUCED_PRECISION_REDUCTION = 2,
    CUDNN_NUMERICAL_NOTE_FFT = 3,
    CUDNN_NUMERICAL_NOTE_NONDETERMINISTIC = 4,
    CUDNN_NUMERICAL_NOTE_WINOGRAD = 5,
    CUDNN_NUMERICAL_NOTE_TYPE_COUNT = 10,
};

/** cudnnBackendBehaviorNote_t */
enum CudnnBackendBehaviorNote : int {
    CUDNN_BEHAVIOR_NOTE_RUNTIME_COMPILATION = 0,
    CUDNN_BEHAVIOR_NOTE_TYPE_COUNT = 5,
};

using CudnnBackendCreateDescriptorFn
    = int(CUDNN_SETUP_NV_STDCALL*)(int descriptorType, cudnnBackendDescriptor_t* descriptor);
using CudnnBackendDestroyDescriptorFn = int(CUDNN_SETUP_NV_STDCALL*)(cudnnBackendDescriptor_t descriptor);
using CudnnBackendFinalizeFn = int(CUDNN_SETUP_NV_STDCALL*)(cudnnBackendDescriptor_t descriptor);
using CudnnBackendSetAttributeFn = int(CUDNN_SETUP_NV_STDCALL*)(
    cudnnBackendDescriptor_t descriptor, int name, int type, std::int64_t elementCount, const void* elements);
using CudnnBackendGetAttributeFn = int(CUDNN_SETUP_NV_STDCALL*)(cudnnBackendDescriptor_t descriptor,
                                                                int name,
                                                                int type,
                                                                std::int64_t requestedElementCount,
                                                                std::int64_t* elementCount,
                                                                void* elements);
using CudnnBackendExecuteFn = int(CUDNN_SETUP_NV_STDCALL*)(struct cudnnContext* handle,
                                                           cudnnBackendDescriptor_t executionPlan,
                                                           cudnnBackendDescriptor_t variantPack);

} // namespace nv

/** The graph API's six functions: all or none (cuDNN 8.0 and later have all). */
struct CudnnBackendApi
{
    nv::CudnnBackendCreateDescriptorFn createDescriptor = nullptr;
    nv::CudnnBackendDestroyDescriptorFn destroyDescriptor = nullptr;
    nv::CudnnBackendFinalizeFn finalize = nullptr;
    nv::CudnnBackendSetAttributeFn setAttribute = nullptr;
    nv::CudnnBackendGetAttributeFn getAttribute = nullptr;
    nv::CudnnBackendExecuteFn execute = nullptr;

    /** True when every function is there; otherwise all stay null and missing() names the first one absent. */
    bool resolve(DynamicLibrary& library);
    bool available() const { return execute != nullptr; }
    /** "cudnnBackendCreateDescriptor" when the library lacks it; "" when resolve() found everything. */
    const char* missing() const { return m_missing; }

private:
    const char* m_missing = "";
};

/** "TENSOR_CORE", "DOWN_CONVERT_INPUTS", ... for a cudnnBackendNumericalNote_t; "NOTE_12" for one not known here. */
std::string numericalNoteName(int note);
/** "TILE_SIZE", "SPLIT_K_SLC", ... for a cudnnBackendKnobType_t; "KNOB_50" for one not known here. */
std::string knobTypeName(int knobType);

} // namespace cudnnsetup::runtime
