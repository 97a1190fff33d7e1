#include "binary/DependencyWalker.h"

#include "binary/BinaryKind.h"
#include "binary/ElfImage.h"
#include "binary/PeImage.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <filesystem>
#include <map>
#include <set>
#include <system_error>

namespace cudnnsetup::binary {

namespace {

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

bool startsWith(const std::string& text, const char* prefix)
{
    return text.rfind(prefix, 0) == 0;
}

std::string baseName(const std::string& path)
{
    const std::size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string folderOf(const std::string& path)
{
    const std::size_t slash = path.find_last_of("/\\");
    if (slash == std::string::npos) {
        return ".";
    }
    return slash == 0 ? path.substr(0, 1) : path.substr(0, slash);
}

std::string join(const std::string& folder, const std::string& name, LoaderRules rules)
{
    if (folder.empty() || folder.back() == '/' || folder.back() == '\\') {
        return folder + name;
    }
    if (rules != LoaderRules::Windows) {
        return folder + '/' + name;
    }
    // Windows takes either separator: keep the folder's own, so a folder written with slashes opens off Windows too.
    const bool slashes = folder.find('/') != std::string::npos && folder.find('\\') == std::string::npos;
    return folder + (slashes ? '/' : '\\') + name;
}

std::string expandOrigin(std::string folder, const std::string& origin)
{
    for (const std::string token : {"${ORIGIN}", "$ORIGIN"}) {
        for (std::size_t at = folder.find(token); at != std::string::npos; at = folder.find(token, at)) {
            folder.replace(at, token.size(), origin);
            at += origin.size();
        }
    }
    return folder;
}

/** One library whose needs are still to be resolved. */
struct Pending
{
    std::string path;
    std::vector<std::pair<std::string, bool>> needs; // (name, delay-loaded)
    std::vector<std::string> rpath; // Linux, $ORIGIN expanded
    std::vector<std::string> runpath;
};

/** What a walk knows about one resolved name. */
struct Resolution
{
    DependencyStatus status = DependencyStatus::Missing;
    std::string path;
    std::string via;
    std::string detail;
};

class Walker
{
public:
    explicit Walker(const SearchOrder& order)
        : m_order(order)
    {
    }

    DependencyWalk run(const std::string& root, const std::vector<std::string>& alreadyLoaded);
    DependencyLink locate(const std::string& name, const std::string& requester);

private:
    std::optional<Pending> read(const std::string& path, std::string& error, std::optional<BinaryKind>* kind);
    Resolution resolve(const std::string& name, const Pending& from);
    Resolution resolveWindows(const std::string& name);
    Resolution resolveLinux(const std::string& name, const Pending& from);
    /** A file the loader met in a folder: Found, WrongMachine or Unreadable. */
    Resolution judge(const std::string& path, const std::string& via);
    const std::vector<std::string>& listing(const std::string& folder);
    std::optional<std::string> findIn(const std::string& folder, const std::string& name);
    std::string key(const std::string& name) const
    {
        return m_order.rules == LoaderRules::Windows ? lower(baseName(name)) : name;
    }

    const SearchOrder& m_order;
    std::optional<BinaryKind> m_rootKind;
    std::map<std::string, Resolution> m_resolved; // by key(): the loader's module list
    std::map<std::string, std::vector<std::string>> m_listings;
};

const std::vector<std::string>& Walker::listing(const std::string& folder)
{
    auto found = m_listings.find(folder);
    if (found == m_listings.end()) {
        std::vector<std::string> names = m_order.listFolder ? m_order.listFolder(folder) : std::vector<std::string>{};
        found = m_listings.emplace(folder, std::move(names)).first;
    }
    return found->second;
}

std::optional<std::string> Walker::findIn(const std::string& folder, const std::string& name)
{
    const bool windows = m_order.rules == LoaderRules::Windows;
    const std::string wanted = windows ? lower(name) : name;
    for (const std::string& entry : listing(folder)) {
        if ((windows ? lower(entry) : entry) == wanted) {
            return join(folder, entry, m_order.rules);
        }
    }
    return std::nullopt;
}

std::optional<Pending> Walker::read(const std::string& path, std::string& error, std::optional<BinaryKind>* kindOut)
{
    const std::unique_ptr<ByteSource> source = m_order.openFile ? m_order.openFile(path) : nullptr;
    if (!source) {
        error = "cannot be read";
        return std::nullopt;
    }
    if (source->size() == 0) {
        error = "is empty (0 bytes)";
        return std::nullopt;
    }
    const std::optional<BinaryKind> kind = identifyBinary(*source);
    if (kindOut) {
        *kindOut = kind;
    }
    if (!kind) {
        error = "is neither an ELF nor a PE library";
        return std::nullopt;
    }
    Pending pending;
    pending.path = path;
    if (kind->format == BinaryFormat::Pe) {
        const auto image = parsePe(*source, &error);
        if (!image) {
            return std::nullopt;
        }
        for (const std::string& name : image->imports) {
            pending.needs.emplace_back(name, false);
        }
        for (const std::string& name : image->delayImports) {
            pending.needs.emplace_back(name, true);
        }
        return pending;
    }
    const auto image = parseElf(*source, &error);
    if (!image) {
        return std::nullopt;
    }
    for (const std::string& name : image->needed) {
        pending.needs.emplace_back(name, false);
    }
    const std::string origin = folderOf(path);
    for (const std::string& folder : image->runpath) {
        pending.runpath.push_back(expandOrigin(folder, origin));
    }
    for (const std::string& folder : image->rpath) {
        pending.rpath.push_back(expandOrigin(folder, origin));
    }
    return pending;
}

Resolution Walker::judge(const std::string& path, const std::string& via)
{
    Resolution result;
    result.path = path;
    result.via = via;
    const std::unique_ptr<ByteSource> source = m_order.openFile ? m_order.openFile(path) : nullptr;
    if (!source || source->size() == 0) {
        result.status = DependencyStatus::Unreadable;
        result.detail = source ? "the file is empty (0 bytes)" : "the file cannot be read";
        return result;
    }
    const std::optional<BinaryKind> kind = identifyBinary(*source);
    if (!kind) {
        result.status = DependencyStatus::Unreadable;
        result.detail = "the file is neither an ELF nor a PE library";
        return result;
    }
    if (m_rootKind && *kind != *m_rootKind) {
        result.status = DependencyStatus::WrongMachine;
        result.detail = "built for machine " + std::to_string(kind->machine) + ", the library for "
            + std::to_string(m_rootKind->machine);
        return result;
    }
    result.status = DependencyStatus::Found;
    return result;
}

Resolution Walker::resolveWindows(const std::string& name)
{
    if (isWindowsSystemLibrary(name)) {
        return {DependencyStatus::System, {}, "system", {}};
    }
    for (const std::string& folder : m_order.folders) {
        if (const auto path = findIn(folder, name)) {
            return judge(*path, folder);
        }
    }
    return {};
}

Resolution Walker::resolveLinux(const std::string& name, const Pending& from)
{
    if (name.find('/') != std::string::npos) {
        return judge(name, "path");
    }
    if (isGlibcLibrary(name)) {
        return {DependencyStatus::System, {}, "glibc", {}};
    }
    std::vector<std::pair<std::string, std::string>> folders; // (folder, how it got on the list)
    if (from.runpath.empty()) {
        for (const std::string& folder : from.rpath) {
            folders.emplace_back(folder, "RPATH");
        }
    }
    for (const std::string& folder : m_order.folders) {
        folders.emplace_back(folder, "LD_LIBRARY_PATH");
    }
    for (const std::string& folder : from.runpath) {
        folders.emplace_back(folder, "RUNPATH");
    }
    const auto cached = m_order.loaderCache.find(name);
    if (cached != m_order.loaderCache.end()) {
        for (const std::string& path : cached->second) {
            folders.emplace_back(path, "ld.so cache"); // a file, not a folder: judged directly below
        }
    }
    for (const std::string& folder : m_order.defaultFolders) {
        folders.emplace_back(folder, "default folder");
    }
    std::string skipped;
    for (const auto& [where, via] : folders) {
        std::optional<std::string> path;
        if (via == "ld.so cache") {
            path = where;
        } else {
            path = findIn(where, name);
        }
        if (!path) {
            continue;
        }
        Resolution result = judge(*path, via);
        if (result.status == DependencyStatus::WrongMachine) { // ld.so skips it and searches on
            skipped += (skipped.empty() ? "skipped " : ", ") + *path + " (" + result.detail + ")";
            continue;
        }
        return result;
    }
    Resolution missing;
    missing.detail = skipped;
    return missing;
}

Resolution Walker::resolve(const std::string& name, const Pending& from)
{
    const std::string k = key(name);
    const auto known = m_resolved.find(k);
    if (known != m_resolved.end()) {
        return known->second;
    }
    Resolution result = m_order.rules == LoaderRules::Windows ? resolveWindows(name) : resolveLinux(name, from);
    m_resolved.emplace(k, result);
    return result;
}

DependencyWalk Walker::run(const std::string& root, const std::vector<std::string>& alreadyLoaded)
{
    DependencyWalk walk;
    walk.root = root;
    std::string error;
    std::optional<Pending> first = read(root, error, &m_rootKind);
    if (!first) {
        walk.rootError = root + " " + error;
        return walk;
    }
    walk.rootReadable = true;
    for (const std::string& path : alreadyLoaded) {
        m_resolved.emplace(key(baseName(path)), Resolution{DependencyStatus::Found, path, "already loaded", {}});
    }
    m_resolved.emplace(key(baseName(root)), Resolution{DependencyStatus::Found, root, "already loaded", {}});

    std::set<std::string> expanded{m_order.rules == LoaderRules::Windows ? lower(root) : root};
    std::deque<Pending> queue{std::move(*first)};
    constexpr std::size_t kMaxLibraries = 1024; // a cycle-free real closure is a few dozen
    while (!queue.empty() && expanded.size() < kMaxLibraries) {
        const Pending current = std::move(queue.front());
        queue.pop_front();
        for (const auto& [name, delayLoaded] : current.needs) {
            const Resolution resolution = resolve(name, current);
            DependencyLink link;
            link.name = name;
            link.neededBy = current.path;
            link.delayLoaded = delayLoaded;
            link.status = resolution.status;
            link.path = resolution.path;
            link.foundVia = resolution.via;
            link.detail = resolution.detail;
            walk.links.push_back(link);
            if (resolution.status != DependencyStatus::Found) {
                continue;
            }
            const std::string visitKey
                = m_order.rules == LoaderRules::Windows ? lower(resolution.path) : resolution.path;
            if (!expanded.insert(visitKey).second) {
                continue;
            }
            std::string readError;
            if (std::optional<Pending> next = read(resolution.path, readError, nullptr)) {
                queue.push_back(std::move(*next));
            }
        }
    }
    return walk;
}

DependencyLink Walker::locate(const std::string& name, const std::string& requester)
{
    Pending from;
    from.path = requester;
    if (!requester.empty()) {
        std::string error;
        if (std::optional<Pending> parsed = read(requester, error, &m_rootKind)) {
            from = std::move(*parsed);
        }
    }
    const Resolution resolution = resolve(name, from);
    DependencyLink link;
    link.name = name;
    link.neededBy = requester;
    link.status = resolution.status;
    link.path = resolution.path;
    link.foundVia = resolution.via;
    link.detail = resolution.detail;
    return link;
}

} // namespace

std::vector<DependencyLink> DependencyWalk::problems() const
{
    std::vector<DependencyLink> found;
    for (const DependencyLink& link : links) {
        if (link.status == DependencyStatus::Missing || link.status == DependencyStatus::WrongMachine
            || link.status == DependencyStatus::Unreadable) {
            found.push_back(link);
        }
    }
    return found;
}

const char* dependencyStatusName(DependencyStatus status)
{
    switch (status) {
    case DependencyStatus::Found:
        return "found";
    case DependencyStatus::System:
        return "system";
    case DependencyStatus::Missing:
        return "missing";
    case DependencyStatus::WrongMachine:
        return "wrong-machine";
    case DependencyStatus::Unreadable:
        return "unreadable";
    }
    return "unknown";
}

bool isWindowsSystemLibrary(const std::string& name)
{
    const std::string n = lower(baseName(name));
    if (startsWith(n, "api-ms-win-") || startsWith(n, "ext-ms-")) {
        return true; // API sets: resolved by the loader's schema, never a file on the path
    }
    // KnownDLLs of Windows 10/11 (HKLM\SYSTEM\CurrentControlSet\Control\Session Manager\KnownDLLs) and the DLLs
    // every Windows installation carries in System32 that libraries import.
    static const std::set<std::string> system{
        "advapi32.dll",  "bcrypt.dll",     "bcryptprimitives.dll",
        "cabinet.dll",   "cfgmgr32.dll",   "clbcatq.dll",
        "combase.dll",   "comctl32.dll",   "comdlg32.dll",
        "coml2.dll",     "crypt32.dll",    "d3d11.dll",
        "d3d12.dll",     "dbghelp.dll",    "difxapi.dll",
        "dnsapi.dll",    "dwmapi.dll",     "dxgi.dll",
        "gdi32.dll",     "gdi32full.dll",  "gdiplus.dll",
        "imagehlp.dll",  "imm32.dll",      "iphlpapi.dll",
        "kernel32.dll",  "kernelbase.dll", "msctf.dll",
        "msvcp_win.dll", "msvcrt.dll",     "mswsock.dll",
        "ncrypt.dll",    "netapi32.dll",   "normaliz.dll",
        "nsi.dll",       "ntdll.dll",      "ole32.dll",
        "oleaut32.dll",  "opengl32.dll",   "powrprof.dll",
        "propsys.dll",   "psapi.dll",      "rpcrt4.dll",
        "sechost.dll",   "secur32.dll",    "setupapi.dll",
        "shcore.dll",    "shell32.dll",    "shlwapi.dll",
        "ucrtbase.dll",  "user32.dll",     "userenv.dll",
        "uxtheme.dll",   "version.dll",    "win32u.dll",
        "winhttp.dll",   "wininet.dll",    "winmm.dll",
        "wintrust.dll",  "wldap32.dll",    "ws2_32.dll",
        "wsock32.dll",   "wtsapi32.dll",
    };
    return system.count(n) != 0;
}

bool isGlibcLibrary(const std::string& name)
{
    static const std::set<std::string> glibc{
        "libc.so.6",
        "libm.so.6",
        "libdl.so.2",
        "librt.so.1",
        "libpthread.so.0",
        "libresolv.so.2",
        "libutil.so.1",
        "libanl.so.1",
        "libmvec.so.1",
        "ld-linux-x86-64.so.2",
        "ld-linux-aarch64.so.1",
        "ld64.so.2",
        "ld-linux.so.2",
        "linux-vdso.so.1",
    };
    return glibc.count(name) != 0;
}

DependencyWalk walkDependencies(const std::string& libraryPath,
                                const SearchOrder& order,
                                const std::vector<std::string>& alreadyLoaded)
{
    return Walker(order).run(libraryPath, alreadyLoaded);
}

DependencyLink locateLibrary(const std::string& name, const SearchOrder& order, const std::string& requester)
{
    return Walker(order).locate(name, requester);
}

std::vector<std::string> listFolderOnDisk(const std::string& folder)
{
    std::vector<std::string> names;
    std::error_code error;
    std::filesystem::directory_iterator it(std::filesystem::u8path(folder), error);
    for (; !error && it != std::filesystem::directory_iterator(); it.increment(error)) {
        names.push_back(it->path().filename().u8string());
    }
    return names;
}

std::unique_ptr<ByteSource> openFileOnDisk(const std::string& path)
{
    return FileSource::open(path);
}

} // namespace cudnnsetup::binary
