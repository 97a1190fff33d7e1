#include "runtime/DynamicLibrary.h"

#include <dlfcn.h>
#include <limits.h>
#include <unistd.h>
#include <utility>
#if defined(__GLIBC__) || defined(__FreeBSD__)
#include <link.h>
#define CUDNN_SETUP_HAVE_DLINFO 1
#endif

namespace cudnnsetup::runtime {

namespace {

std::string takeDlError(const char* fallback)
{
    const char* text = dlerror();
    return text ? std::string(text) : std::string(fallback);
}

std::string absolutePath(const std::string& path)
{
    if (path.empty() || path.front() == '/') {
        return path;
    }
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd)) {
        return path;
    }
    std::string joined(cwd);
    const std::string relative = path.compare(0, 2, "./") == 0 ? path.substr(2) : path;
    return joined + '/' + relative;
}

} // namespace

DynamicLibrary::~DynamicLibrary()
{
    close();
}

DynamicLibrary::DynamicLibrary(DynamicLibrary&& other) noexcept
    : m_handle(std::exchange(other.m_handle, nullptr))
    , m_firstSymbol(std::exchange(other.m_firstSymbol, nullptr))
    , m_error(std::move(other.m_error))
{
}

DynamicLibrary& DynamicLibrary::operator=(DynamicLibrary&& other) noexcept
{
    if (this != &other) {
        close();
        m_handle = std::exchange(other.m_handle, nullptr);
        m_firstSymbol = std::exchange(other.m_firstSymbol, nullptr);
        m_error = std::move(other.m_error);
    }
    return *this;
}

bool DynamicLibrary::open(const std::string& nameOrPath)
{
    close();
    m_error.clear();
    dlerror(); // drop any stale message
    m_handle = dlopen(nameOrPath.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!m_handle) {
        m_error = takeDlError("dlopen failed without a message");
        return false;
    }
    return true;
}

bool DynamicLibrary::openIfLoaded(const std::string& name)
{
    close();
    m_error.clear();
    dlerror();
    m_handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (!m_handle) {
        m_error = takeDlError("not loaded");
        return false;
    }
    return true;
}

void DynamicLibrary::close()
{
    if (m_handle) {
        dlclose(m_handle);
    }
    m_handle = nullptr;
    m_firstSymbol = nullptr;
}

void* DynamicLibrary::rawSymbol(const char* name)
{
    if (!m_handle) {
        m_error = std::string("no library loaded to look up ") + name;
        return nullptr;
    }
    dlerror();
    void* address = dlsym(m_handle, name);
    if (!address) {
        m_error = takeDlError("symbol not found");
        return nullptr;
    }
    if (!m_firstSymbol) {
        m_firstSymbol = address;
    }
    return address;
}

std::string DynamicLibrary::loadedPath() const
{
    if (!m_handle) {
        return {};
    }
#ifdef CUDNN_SETUP_HAVE_DLINFO
    struct link_map* map = nullptr;
    if (dlinfo(m_handle, RTLD_DI_LINKMAP, &map) == 0 && map && map->l_name) {
        return absolutePath(map->l_name);
    }
#endif
    Dl_info info{};
    if (m_firstSymbol && dladdr(m_firstSymbol, &info) != 0 && info.dli_fname) {
        return absolutePath(info.dli_fname);
    }
    return {};
}

} // namespace cudnnsetup::runtime
