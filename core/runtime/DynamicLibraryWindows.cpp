#include "runtime/DynamicLibrary.h"
#include "runtime/WindowsText.h"

#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <utility>
#include <windows.h>

namespace cudnnsetup::runtime {

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
    // Plain LoadLibraryW: the standard DLL search order, the one a user's program gets.
    HMODULE module = LoadLibraryW(toWide(nameOrPath).c_str());
    if (!module) {
        m_error = nameOrPath + ": " + systemErrorText(GetLastError());
        return false;
    }
    m_handle = module;
    return true;
}

bool DynamicLibrary::openIfLoaded(const std::string& name)
{
    close();
    m_error.clear();
    HMODULE module = nullptr;
    if (!GetModuleHandleExW(0, toWide(name).c_str(), &module) || !module) {
        m_error = name + ": " + systemErrorText(GetLastError());
        return false;
    }
    m_handle = module;
    return true;
}

void DynamicLibrary::close()
{
    if (m_handle) {
        FreeLibrary(static_cast<HMODULE>(m_handle));
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
    FARPROC address = GetProcAddress(static_cast<HMODULE>(m_handle), name);
    if (!address) {
        m_error = std::string(name) + ": " + systemErrorText(GetLastError());
        return nullptr;
    }
    void* pointer = reinterpret_cast<void*>(address);
    if (!m_firstSymbol) {
        m_firstSymbol = pointer;
    }
    return pointer;
}

std::string DynamicLibrary::loadedPath() const
{
    if (!m_handle) {
        return {};
    }
    std::wstring buffer(MAX_PATH, L'\0');
    for (;;) {
        const DWORD length
            = GetModuleFileNameW(static_cast<HMODULE>(m_handle), buffer.data(), static_cast<DWORD>(buffer.size()));
        if (length == 0) {
            return {};
        }
        if (length < buffer.size()) {
            buffer.resize(length);
            return toUtf8(buffer);
        }
        buffer.resize(buffer.size() * 2); // truncated: try a larger buffer
    }
}

} // namespace cudnnsetup::runtime
