#pragma once

#include "runtime/CudnnApi.h"

#include <cstdint>
#include <vector>

/** One cuDNN backend descriptor that destroys itself, with typed attribute calls. Failures throw GpuCallError naming
 * the call and what it was for ("cudnnBackendFinalize (execution plan) returned 3000 (...)"). */
namespace cudnnsetup::runtime {

class BackendDescriptor
{
public:
    BackendDescriptor() = default;
    /** type: a cudnnBackendDescriptorType_t; what: "tensor x", "execution plan", ... for error messages. */
    BackendDescriptor(const CudnnApi& api, int type, const char* what);
    ~BackendDescriptor();
    BackendDescriptor(BackendDescriptor&& other) noexcept;
    BackendDescriptor& operator=(BackendDescriptor&& other) noexcept;
    BackendDescriptor(const BackendDescriptor&) = delete;
    BackendDescriptor& operator=(const BackendDescriptor&) = delete;

    nv::cudnnBackendDescriptor_t get() const { return m_descriptor; }
    const char* what() const { return m_what; }

    void set(int name, int type, std::int64_t count, const void* elements);
    void setInt64s(int name, const std::vector<std::int64_t>& values);
    void setInt64(int name, std::int64_t value) { setInt64s(name, {value}); }
    void setEnum(int name, int type, int value) { set(name, type, 1, &value); }
    void setDescriptor(int name, const BackendDescriptor& value);
    void setDescriptors(int name, const std::vector<const BackendDescriptor*>& values);
    void setHandle(int name, nv::cudnnHandle_t handle) { set(name, nv::CUDNN_TYPE_HANDLE, 1, &handle); }
    void setFloat(int name, float value) { set(name, nv::CUDNN_TYPE_FLOAT, 1, &value); }
    void finalize();
    /** The raw status of cudnnBackendFinalize, for callers that treat a failure as an answer. */
    nv::cudnnStatus_t tryFinalize();

    std::int64_t getInt64(int name) const;
    /** Up to `max` enum values of `type` (notes, knob types). */
    std::vector<int> getEnums(int name, int type, int max) const;
    /** How many descriptors the attribute holds (a query with no room). */
    std::int64_t countDescriptors(int name) const;
    /** Fills `into` (descriptors created by the caller, of the right type) and returns how many were written. */
    std::int64_t getDescriptors(int name, std::vector<BackendDescriptor>& into) const;

private:
    void check(nv::cudnnStatus_t status, const char* call) const;

    const CudnnApi* m_api = nullptr;
    nv::cudnnBackendDescriptor_t m_descriptor = nullptr;
    const char* m_what = "";
};

} // namespace cudnnsetup::runtime
