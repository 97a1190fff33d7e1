#include "runtime/HostSearchOrder.h"

#include <algorithm>
#include <cstdlib>
#ifdef _WIN32
#include "runtime/WindowsText.h"
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#endif

namespace cudnnsetup::runtime {

namespace {

std::vector<std::string> splitList(const std::string& text, const char* separators)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find_first_of(separators, start), text.size());
        if (end > start) {
            parts.push_back(text.substr(start, end - start));
        }
        start = end + 1;
    }
    return parts;
}

#ifdef _WIN32
std::string variable(const wchar_t* name)
{
    const DWORD size = GetEnvironmentVariableW(name, nullptr, 0);
    if (size == 0) {
        return {};
    }
    std::wstring value(size, L'\0');
    const DWORD length = GetEnvironmentVariableW(name, value.data(), size);
    value.resize(length < size ? length : 0);
    return toUtf8(value);
}

std::string folderOfModule()
{
    std::wstring buffer(32768, L'\0');
    const DWORD length = GetModuleFileNameW(nullptr, buffer.data(), static_cast<DWORD>(buffer.size()));
    buffer.resize(length);
    const std::size_t slash = buffer.find_last_of(L"\\/");
    return slash == std::wstring::npos ? std::string() : toUtf8(buffer.substr(0, slash));
}

std::string systemFolder(UINT (*get)(LPWSTR, UINT))
{
    std::wstring buffer(MAX_PATH, L'\0');
    const UINT length = get(buffer.data(), static_cast<UINT>(buffer.size()));
    buffer.resize(length < buffer.size() ? length : 0);
    return toUtf8(buffer);
}
#endif

} // namespace

binary::SearchOrder hostSearchOrder()
{
    binary::SearchOrder order;
    order.listFolder = binary::listFolderOnDisk;
    order.openFile = binary::openFileOnDisk;
#ifdef _WIN32
    order.rules = binary::LoaderRules::Windows;
    order.folders.push_back(folderOfModule());
    order.folders.push_back(systemFolder(GetSystemDirectoryW));
    order.folders.push_back(systemFolder(GetWindowsDirectoryW));
    order.folders.push_back(".");
    for (std::string& folder : splitList(variable(L"PATH"), ";")) {
        order.folders.push_back(std::move(folder));
    }
#else
    order.rules = binary::LoaderRules::Linux;
    if (const char* path = std::getenv("LD_LIBRARY_PATH")) {
        order.folders = splitList(path, ":;"); // ld.so accepts both separators
    }
    if (const auto cache = binary::FileSource::open("/etc/ld.so.cache")) {
        if (auto parsed = binary::parseLoaderCache(*cache)) {
            order.loaderCache = std::move(*parsed);
        }
    }
#if defined(__x86_64__)
    const std::string triplet = "x86_64-linux-gnu";
#elif defined(__aarch64__)
    const std::string triplet = "aarch64-linux-gnu";
#elif defined(__powerpc64__)
    const std::string triplet = "powerpc64le-linux-gnu";
#else
    const std::string triplet;
#endif
    if (!triplet.empty()) {
        order.defaultFolders = {"/lib/" + triplet, "/usr/lib/" + triplet};
    }
    for (const char* folder : {"/lib64", "/usr/lib64", "/lib", "/usr/lib"}) {
        order.defaultFolders.emplace_back(folder);
    }
#endif
    return order;
}

} // namespace cudnnsetup::runtime
