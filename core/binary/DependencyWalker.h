#pragma once

#include "binary/ByteSource.h"
#include "binary/LoaderCache.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

/**
 * Static dependency walk: which libraries a library needs (PE imports and delay-imports, ELF DT_NEEDED), where
 * the platform's loader would find each one, recursively, and which it would not find at all. Pure: folders are
 * listed and files opened through injected functions, so tests describe any machine.
 *
 * Search order modelled (docs/verify.md):
 *   Windows  already-loaded modules, API sets and system DLLs (present), then `folders` in order: the
 *            application's folder, System32, the Windows folder, PATH. A DLL's own folder is not searched for its
 *            dependencies (the standard search order), names compare case-insensitively.
 *   Linux    a name with '/' is a path; else already-loaded sonames, DT_RPATH of the needing object (only when it
 *            has no DT_RUNPATH), LD_LIBRARY_PATH, its DT_RUNPATH, the ld.so cache, the default folders. $ORIGIN
 *            is the needing object's folder. A file for another machine is skipped, as ld.so does.
 */
namespace cudnnsetup::binary {

enum class LoaderRules { Linux, Windows };

struct SearchOrder
{
    LoaderRules rules = LoaderRules::Linux;
    /** Windows: every folder in search order. Linux: LD_LIBRARY_PATH. */
    std::vector<std::string> folders;
    /** Linux: the ld.so cache and the folders searched after it (/lib64, /usr/lib64 or the multiarch ones). */
    LoaderCache loaderCache;
    std::vector<std::string> defaultFolders;
    /** File names in a folder (empty when it does not exist). */
    std::function<std::vector<std::string>(const std::string& folder)> listFolder;
    /** The file's bytes, or nullptr when it cannot be read. */
    std::function<std::unique_ptr<ByteSource>(const std::string& path)> openFile;
};

/** The real machine: folders listed and files opened through the file system. */
std::vector<std::string> listFolderOnDisk(const std::string& folder);
std::unique_ptr<ByteSource> openFileOnDisk(const std::string& path);

enum class DependencyStatus {
    Found, // a file in a searched folder
    System, // provided by the OS: an API set, a Windows system DLL, glibc itself
    Missing, // in no searched folder
    WrongMachine, // the first file found is for another CPU or OS (Windows stops there: error 193)
    Unreadable, // found, but not a library this walker can read (zero bytes, truncated, not ELF/PE)
};

const char* dependencyStatusName(DependencyStatus status); // "found", "system", "missing", ...

struct DependencyLink
{
    std::string name; // as the needing library writes it
    std::string neededBy; // path of the needing library
    bool delayLoaded = false; // PE delay-import: missing only fails when first called
    DependencyStatus status = DependencyStatus::Missing;
    std::string path; // the file the loader would use; empty unless Found/WrongMachine/Unreadable
    std::string foundVia; // "RUNPATH", "LD_LIBRARY_PATH", "ld.so cache", "already loaded", a folder, ...
    std::string detail; // why Unreadable / WrongMachine
};

struct DependencyWalk
{
    std::string root;
    bool rootReadable = false;
    std::string rootError; // why the root itself could not be read
    std::vector<DependencyLink> links; // every edge, in breadth-first order
    /** Links whose status is Missing, WrongMachine or Unreadable. */
    std::vector<DependencyLink> problems() const;
};

/** Windows names that never need a file on the search path: API sets (api-ms-win-*, ext-ms-*), KnownDLLs and
 * the DLLs every Windows has in System32. The VC++ runtime (vcruntime140*.dll, msvcp140*.dll) is not one of them. */
bool isWindowsSystemLibrary(const std::string& name);
/** glibc's own libraries (libc.so.6, libm.so.6, ld-linux-x86-64.so.2, ...): present wherever the loader is. */
bool isGlibcLibrary(const std::string& name);

/**
 * Walks everything `libraryPath` needs. `alreadyLoaded` lists libraries (paths) the process holds already:
 * their names resolve to them without a search, as the loader's own module list does.
 */
DependencyWalk walkDependencies(const std::string& libraryPath,
                                const SearchOrder& order,
                                const std::vector<std::string>& alreadyLoaded = {});

/**
 * Where the loader would find `name` when `requester` (a library path, or "" for the program itself) asks for it:
 * the same search as the walk, for one name. Status Missing when nowhere.
 */
DependencyLink locateLibrary(const std::string& name, const SearchOrder& order, const std::string& requester = {});

} // namespace cudnnsetup::binary
