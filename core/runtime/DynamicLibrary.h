#pragma once

#include <string>

namespace cudnnsetup::runtime {

/**
 * One shared library loaded at run time: dlopen/dlsym/dladdr on POSIX, LoadLibraryW/GetProcAddress/
 * GetModuleFileNameW on Windows. A bare name goes through the platform's normal search order, so the probe finds
 * exactly the copy a user's program would find. Closes the library when destroyed unless told to keep it.
 */
class DynamicLibrary
{
public:
    DynamicLibrary() = default;
    ~DynamicLibrary();
    DynamicLibrary(const DynamicLibrary&) = delete;
    DynamicLibrary& operator=(const DynamicLibrary&) = delete;
    DynamicLibrary(DynamicLibrary&& other) noexcept;
    DynamicLibrary& operator=(DynamicLibrary&& other) noexcept;

    /** Loads a bare name ("libcuda.so.1") or a path. Closes whatever was loaded before. False: see lastError(). */
    bool open(const std::string& nameOrPath);
    /** Takes a reference to `name` only if the process holds it already (RTLD_NOLOAD, GetModuleHandleExW). */
    bool openIfLoaded(const std::string& name);
    void close();

    /** The exported function `name` as a function pointer of type Fn, or nullptr (then see lastError()). */
    template <typename Fn> Fn symbol(const char* name) { return reinterpret_cast<Fn>(rawSymbol(name)); }
    void* rawSymbol(const char* name);

    /**
     * Absolute file the loader picked (symlink names kept, not resolved). glibc and Windows know it right after
     * open(); other POSIX systems learn it through dladdr() on the first symbol resolved. Empty when unknown.
     */
    std::string loadedPath() const;

    /** The loader's own words for the last failure (dlerror(), or FormatMessage text on Windows). */
    const std::string& lastError() const { return m_error; }

    /**
     * Forgets the handle without closing it: the library stays in the process until exit. For libraries such as
     * libcuda that may start threads of their own once initialised, where unloading them is not safe.
     */
    void keepLoadedUntilExit() { m_handle = nullptr; }

private:
    void* m_handle = nullptr;
    void* m_firstSymbol = nullptr; // anchor for dladdr() where dlinfo() is missing
    std::string m_error;
};

} // namespace cudnnsetup::runtime
