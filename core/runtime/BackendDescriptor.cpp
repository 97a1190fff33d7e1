#include "runtime/BackendDescriptor.h"

#include "runtime/GpuCallError.h"

#include <algorithm>
#include <string>
#include <utility>

namespace cudnnsetup::runtime {

BackendDescriptor::BackendDescriptor(const CudnnApi& api, int type, const char* what)
    : m_api(&api)
    , m_what(what)
{
    check(api.backend.createDescriptor(type, &m_descriptor), "cudnnBackendCreateDescriptor");
}

BackendDescriptor::~BackendDescriptor()
{
    if (m_descriptor) {
        m_api->backend.destroyDescriptor(m_descriptor);
    }
}

BackendDescriptor::BackendDescriptor(BackendDescriptor&& other) noexcept
    : m_api(other.m_api)
    , m_descriptor(std::exchange(other.m_descriptor, nullptr))
    , m_what(other.m_what)
{
}

BackendDescriptor& BackendDescriptor::operator=(BackendDescriptor&& other) noexcept
{
    if (this != &other) {
        if (m_descriptor) {
            m_api->backend.destroyDescriptor(m_descriptor);
        }
        m_api = other.m_api;
        m_descriptor = std::exchange(other.m_descriptor, nullptr);
        m_what = other.m_what;
    }
    return *this;
}

void BackendDescriptor::check(nv::cudnnStatus_t status, const char* call) const
{
    if (status != nv::CUDNN_STATUS_SUCCESS) {
        throw GpuCallError(GpuCallError::Library::Cudnn,
                           std::string(call) + " (" + m_what + ") returned " + m_api->describe(status));
    }
}

void BackendDescriptor::set(int name, int type, std::int64_t count, const void* elements)
{
    check(m_api->backend.setAttribute(m_descriptor, name, type, count, elements), "cudnnBackendSetAttribute");
}

void BackendDescriptor::setInt64s(int name, const std::vector<std::int64_t>& values)
{
    set(name, nv::CUDNN_TYPE_INT64, static_cast<std::int64_t>(values.size()), values.data());
}

void BackendDescriptor::setDescriptor(int name, const BackendDescriptor& value)
{
    setDescriptors(name, {&value});
}

void BackendDescriptor::setDescriptors(int name, const std::vector<const BackendDescriptor*>& values)
{
    std::vector<nv::cudnnBackendDescriptor_t> raw;
    for (const BackendDescriptor* value : values) {
        raw.push_back(value->get());
    }
    set(name, nv::CUDNN_TYPE_BACKEND_DESCRIPTOR, static_cast<std::int64_t>(raw.size()), raw.data());
}

void BackendDescriptor::finalize()
{
    check(tryFinalize(), "cudnnBackendFinalize");
}

nv::cudnnStatus_t BackendDescriptor::tryFinalize()
{
    return m_api->backend.finalize(m_descriptor);
}

std::int64_t BackendDescriptor::getInt64(int name) const
{
    std::int64_t value = 0, count = 0;
    check(m_api->backend.getAttribute(m_descriptor, name, nv::CUDNN_TYPE_INT64, 1, &count, &value),
          "cudnnBackendGetAttribute");
    return value;
}

std::vector<int> BackendDescriptor::getEnums(int name, int type, int max) const
{
    std::vector<int> values(static_cast<std::size_t>(max));
    std::int64_t count = 0;
    check(m_api->backend.getAttribute(m_descriptor, name, type, max, &count, values.data()),
          "cudnnBackendGetAttribute");
    values.resize(static_cast<std::size_t>(std::min<std::int64_t>(std::max<std::int64_t>(count, 0), max)));
    return values;
}

std::int64_t BackendDescriptor::countDescriptors(int name) const
{
    std::int64_t count = 0;
    check(m_api->backend.getAttribute(m_descriptor, name, nv::CUDNN_TYPE_BACKEND_DESCRIPTOR, 0, &count, nullptr),
          "cudnnBackendGetAttribute");
    return count;
}

std::int64_t BackendDescriptor::getDescriptors(int name, std::vector<BackendDescriptor>& into) const
{
    std::vector<nv::cudnnBackendDescriptor_t> raw;
    for (const BackendDescriptor& descriptor : into) {
        raw.push_back(descriptor.get());
    }
    std::int64_t count = 0;
    check(m_api->backend.getAttribute(m_descriptor,
                                      name,
                                      nv::CUDNN_TYPE_BACKEND_DESCRIPTOR,
                                      static_cast<std::int64_t>(raw.size()),
                                      &count,
                                      raw.data()),
          "cudnnBackendGetAttribute");
    return std::min<std::int64_t>(count, static_cast<std::int64_t>(raw.size()));
}

} // namespace cudnnsetup::runtime
