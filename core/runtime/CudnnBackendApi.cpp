#include "runtime/CudnnBackendApi.h"

#include "runtime/DynamicLibrary.h"

#include <type_traits>

namespace cudnnsetup::runtime {

bool CudnnBackendApi::resolve(DynamicLibrary& library)
{
    *this = CudnnBackendApi{};
    const auto need = [&](auto& function, const char* name) {
        using Fn = std::remove_reference_t<decltype(function)>;
        function = library.symbol<Fn>(name);
        if (!function && !*m_missing) {
            m_missing = name;
        }
    };
    need(createDescriptor, "cudnnBackendCreateDescriptor");
    need(destroyDescriptor, "cudnnBackendDestroyDescriptor");
    need(finalize, "cudnnBackendFinalize");
    need(setAttribute, "cudnnBackendSetAttribute");
    need(getAttribute, "cudnnBackendGetAttribute");
    need(execute, "cudnnBackendExecute");
    if (*m_missing) {
        const char* missing = m_missing;
        *this = CudnnBackendApi{};
        m_missing = missing;
        return false;
    }
    return true;
}

std::string numericalNoteName(int note)
{
    static const char* const names[] = {"TENSOR_CORE",
                                        "DOWN_CONVERT_INPUTS",
                                        "REDUCED_PRECISION_REDUCTION",
                                        "FFT",
                                        "NONDETERMINISTIC",
                                        "WINOGRAD",
                                        "WINOGRAD_TILE_4x4",
                                        "WINOGRAD_TILE_6x6",
                                        "WINOGRAD_TILE_13x13",
                                        "STRICT_NAN_PROP"};
    if (note >= 0 && note < static_cast<int>(sizeof names / sizeof names[0])) {
        return names[note];
    }
    return "NOTE_" + std::to_string(note);
}

std::string knobTypeName(int knobType)
{
    static const char* const names[] = {"SPLIT_K",
                                        "SWIZZLE",
                                        "TILE_SIZE",
                                        "USE_TEX",
                                        "EDGE",
                                        "KBLOCK",
                                        "LDGA",
                                        "LDGB",
                                        "CHUNK_K",
                                        "SPLIT_H",
                                        "WINO_TILE",
                                        "MULTIPLY",
                                        "SPLIT_K_BUF",
                                        "TILEK",
                                        "STAGES",
                                        "REDUCTION_MODE",
                                        "CTA_SPLIT_K_MODE",
                                        "SPLIT_K_SLC",
                                        "IDX_MODE",
                                        "SLICED",
                                        "SPLIT_RS",
                                        "SINGLEBUFFER",
                                        "LDGC",
                                        "SPECFILT",
                                        "KERNEL_CFG",
                                        "WORKSPACE",
                                        "TILE_CGA",
                                        "TILE_CGA_M",
                                        "TILE_CGA_N",
                                        "BLOCK_SIZE",
                                        "OCCUPANCY",
                                        "ARRAY_SIZE_PER_THREAD",
                                        "NUM_C_PER_BLOCK",
                                        "SPLIT_COLS",
                                        "TILE_ROWS",
                                        "TILE_COLS",
                                        "LOAD_SIZE",
                                        "CTA_COUNT",
                                        "STREAM_K",
                                        "SPLIT_P_SLC",
                                        "TILE_M",
                                        "TILE_N",
                                        "WARP_SPEC_CFG",
                                        "SWAP_AB"};
    if (knobType >= 0 && knobType < static_cast<int>(sizeof names / sizeof names[0])) {
        return names[knobType];
    }
    return "KNOB_" + std::to_string(knobType);
}

} // namespace cudnnsetup::runtime
