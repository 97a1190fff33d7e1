#include "runtime/CudnnVerify.h"

#include "binary/ElfImage.h"
#include "binary/PeImage.h"
#include "cudnnfacts/CudnnLibraryNames.h"
#include "cudnnfacts/CudnnVersionHeader.h"
#include "cudnnfacts/VerifyCode.h"
#include "runtime/CudnnQuery.h"
#include "runtime/DynamicLibrary.h"
#include "runtime/HostSearchOrder.h"
#include "runtime/NvidiaApi.h"
#include "runtime/VersionCodes.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <system_error>

namespace cudnnsetup::runtime {

namespace fs = std::filesystem;

namespace {

std::string baseName(const std::string& path)
{
    const std::size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string folderOf(const std::string& path)
{
    const std::size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

std::optional<unsigned long long> fileSize(const std::string& path)
{
    std::error_code error;
    const auto size = fs::file_size(fs::u8path(path), error);
    return error ? std::nullopt : std::optional<unsigned long long>(size);
}

/** The version a library file states: its PE version resource, or the numbers in its (resolved) file name. */
void readFileVersion(LibraryLoad& load)
{
    if (load.path.empty()) {
        return;
    }
    if (const auto source = binary::FileSource::open(load.path)) {
        if (binary::looksLikePe(*source)) {
            const auto image = binary::parsePe(*source);
            if (image && image->fileVersion) {
                load.version = image->fileVersion->text();
                load.versionSource = "file-version";
            }
            return;
        }
    }
    std::string version = cudnnfacts::versionInLibraryName(baseName(load.path));
    std::error_code error;
    const fs::path real = fs::canonical(fs::u8path(load.path), error);
    if (!error) {
        const std::string resolved = cudnnfacts::versionInLibraryName(real.filename().u8string());
        if (resolved.size() > version.size()) {
            version = resolved; // libcudnn.so.9 -> libcudnn.so.9.19.0 says more
        }
    }
    if (!version.empty()) {
        load.version = version;
        load.versionSource = "file-name";
    }
}

std::vector<long long> versionParts(const std::string& text)
{
    std::vector<long long> parts;
    std::stringstream stream(text);
    std::string part;
    while (std::getline(stream, part, '.')) {
        if (part.empty() || !std::all_of(part.begin(), part.end(), [](unsigned char c) { return std::isdigit(c); })) {
            return {};
        }
        parts.push_back(std::stoll(part.substr(0, 9)));
    }
    return parts;
}

/** Whether two versions agree on every part both state, up to major.minor.patch ("9" agrees with "9.19.0"). */
bool versionsAgree(const std::string& a, const std::string& b)
{
    const std::vector<long long> x = versionParts(a);
    const std::vector<long long> y = versionParts(b);
    const std::size_t common = std::min<std::size_t>({x.size(), y.size(), 3});
    return std::equal(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(common), y.begin());
}

/** Loads one sub-library the way cuDNN does: by bare name, from a library that is already in the process. */
LibraryLoad loadSubLibrary(const std::string& name,
                           const std::string& mainPath,
                           const binary::SearchOrder& order,
                           std::vector<DynamicLibrary>& held)
{
    LibraryLoad load;
    load.name = name;
    DynamicLibrary library;
    bool loaded = library.openIfLoaded(name);
    std::string located; // where the search order puts it
    if (loaded) {
        load.foundVia = "already loaded";
    } else {
        const binary::DependencyLink where = binary::locateLibrary(name, order, mainPath);
        located = where.path;
#ifdef _WIN32
        // cuDNN calls LoadLibrary with the bare name: the standard search order, done by the loader itself.
        loaded = library.open(name);
        load.foundVia = "loader";
#else
        // dlopen from inside libcudnn searches libcudnn's own RUNPATH after LD_LIBRARY_PATH; a dlopen from the probe
        // would not, so the probe follows that order itself and hands the loader the file it picked.
        if (where.status == binary::DependencyStatus::Found || where.status == binary::DependencyStatus::Unreadable) {
            loaded = library.open(where.path);
            load.foundVia = where.foundVia;
        } else {
            loaded = library.open(name);
            load.foundVia = "loader";
        }
#endif
    }
    if (loaded) {
        load.loaded = true;
        load.path = library.loadedPath();
        held.push_back(std::move(library));
    } else {
        load.error = library.lastError();
        load.path = located;
        load.foundVia.clear();
    }
    if (!load.path.empty()) {
        load.fileSize = fileSize(load.path);
    }
    readFileVersion(load);
    return load;
}

/** The path the loader would have used for a library that did not load, for the static walk. */
std::string locateFailed(const std::string& name, const binary::SearchOrder& order)
{
    if (name.find_first_of("/\\") != std::string::npos) {
        return name;
    }
    const binary::DependencyLink where = binary::locateLibrary(name, order);
    return where.path;
}

void walk(const LibraryLoad& load,
          const binary::SearchOrder& order,
          const std::vector<std::string>& loadedPaths,
          std::vector<binary::DependencyLink>& problems)
{
    if (load.path.empty()) {
        return;
    }
    const binary::DependencyWalk result = binary::walkDependencies(load.path, order, loadedPaths);
    for (const binary::DependencyLink& link : result.problems()) {
        // A library that loaded has its static imports; only a delay-import can still be missing.
        if (load.loaded && !link.delayLoaded) {
            continue;
        }
        const bool known = std::any_of(problems.begin(), problems.end(), [&](const binary::DependencyLink& seen) {
            return seen.name == link.name && seen.neededBy == link.neededBy;
        });
        if (!known) {
            problems.push_back(link);
        }
    }
}

std::string canonicalFolder(const std::string& path, binary::LoaderRules rules)
{
    std::string folder = folderOf(path);
    std::error_code error;
    const fs::path real = fs::canonical(fs::u8path(folder), error);
    if (!error) {
        folder = real.u8string();
    }
    if (rules == binary::LoaderRules::Windows) {
        std::replace(folder.begin(), folder.end(), '/', '\\');
        folder = lower(folder);
    }
    return folder;
}

void addFinding(VerifyFacts& facts, const char* code, const std::string& subject, const std::string& detail)
{
    facts.findings.push_back({code, subject, detail});
}

} // namespace

HeaderVersion readHeaderVersion(const std::string& path)
{
    HeaderVersion header;
    header.path = path;
    std::ifstream in(fs::u8path(path));
    if (!in) {
        header.error = "cannot be read";
        return header;
    }
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto parsed = cudnnfacts::CudnnVersionHeader::parse(text);
    if (!parsed) {
        header.error = "has no CUDNN_MAJOR, CUDNN_MINOR and CUDNN_PATCHLEVEL";
        return header;
    }
    header.code = parsed->versionCode();
    return header;
}

void addVerifyFindings(VerifyFacts& facts, binary::LoaderRules rules)
{
    facts.findings.clear();
    const std::string mainName = facts.main.name;
    if (!facts.main.loaded) {
        addFinding(facts, VerifyCode::CudnnNotLoaded, mainName, facts.main.error);
    } else if (!facts.version) {
        addFinding(facts, VerifyCode::SymbolMissing, facts.main.path, "cudnnGetVersion is not exported");
    }
    if (facts.main.loaded && facts.major == 0) {
        addFinding(facts,
                   VerifyCode::UnknownMajor,
                   facts.main.path,
                   "cuDNN " + (facts.version ? cudnnVersionText(*facts.version) : std::string("of unknown version"))
                       + ": its sub-libraries are not known, so they were not checked");
    }
    std::vector<const LibraryLoad*> all{&facts.main};
    for (const LibraryLoad& sub : facts.subLibraries) {
        all.push_back(&sub);
    }
    for (const LibraryLoad* load : all) {
        if (load->fileSize && *load->fileSize == 0) {
            addFinding(facts, VerifyCode::LibraryEmpty, load->path, load->name + " is 0 bytes long");
        }
        if (load != &facts.main && !load->loaded) {
            addFinding(facts, VerifyCode::SubLibraryNotLoaded, load->name, load->error);
        }
    }
    for (const binary::DependencyLink& link : facts.dependencyProblems) {
        std::string detail = "needed by " + link.neededBy;
        if (link.delayLoaded) {
            detail += " (delay-loaded: fails when first used)";
        }
        if (!link.detail.empty()) {
            detail += "; " + (link.path.empty() ? std::string() : link.path + ": ") + link.detail;
        }
        addFinding(facts,
                   link.status == binary::DependencyStatus::Missing ? VerifyCode::MissingDependency
                                                                    : VerifyCode::UnusableDependency,
                   link.name,
                   detail);
    }
    if (facts.main.loaded) {
        const std::string mainFolder = canonicalFolder(facts.main.path, rules);
        for (const LibraryLoad& sub : facts.subLibraries) {
            if (sub.loaded && canonicalFolder(sub.path, rules) != mainFolder) {
                addFinding(facts,
                           VerifyCode::MixedFolders,
                           sub.path,
                           sub.name + " loaded from " + folderOf(sub.path) + ", " + baseName(facts.main.path) + " from "
                               + folderOf(facts.main.path));
            }
        }
        // The reference is what the library reports about itself; the file's own version when it reports nothing.
        const std::string reference = facts.version ? cudnnVersionText(*facts.version) : facts.main.version;
        if (facts.version && !facts.main.version.empty() && !versionsAgree(facts.main.version, reference)) {
            addFinding(facts,
                       VerifyCode::FileVersionMismatch,
                       facts.main.path,
                       "the file says " + facts.main.version + ", cudnnGetVersion() says " + reference);
        }
        for (const LibraryLoad& sub : facts.subLibraries) {
            if (sub.loaded && !sub.version.empty() && !reference.empty() && !versionsAgree(sub.version, reference)) {
                addFinding(facts,
                           VerifyCode::MixedVersions,
                           sub.path,
                           sub.name + " is version " + sub.version + ", " + baseName(facts.main.path) + " is "
                               + reference);
            }
        }
    }
    if (facts.header) {
        if (!facts.header->code) {
            addFinding(facts, VerifyCode::HeaderUnreadable, facts.header->path, facts.header->error);
        } else if (facts.version && *facts.header->code != *facts.version) {
            addFinding(facts,
                       VerifyCode::HeaderMismatch,
                       facts.header->path,
                       "the header says " + cudnnVersionText(*facts.header->code) + ", cudnnGetVersion() says "
                           + cudnnVersionText(*facts.version));
        }
    }
}

VerifyFacts verifyCudnn(const VerifyOptions& options)
{
    VerifyFacts facts;
    const binary::SearchOrder order = hostSearchOrder();
    const std::vector<std::string> candidates
        = options.candidates.empty() ? cudnnfacts::mainLibraryCandidates() : options.candidates;
    // Everything loaded stays loaded until the process ends: sub-libraries resolve against each other, and unloading
    // cuDNN halfway is not something a user's program does either.
    static std::vector<DynamicLibrary> held;

    DynamicLibrary main;
    std::string firstError;
    for (const std::string& name : candidates) {
        facts.tried.push_back(name);
        if (main.open(name)) {
            facts.main.name = name;
            facts.main.loaded = true;
            break;
        }
        if (firstError.empty()) {
            firstError = main.lastError();
        }
    }
    if (!facts.main.loaded) {
        facts.main.name = candidates.empty() ? std::string() : candidates.front();
        facts.main.error = candidates.empty() ? "no cuDNN library name to try" : firstError;
        facts.main.path = candidates.empty() ? std::string() : locateFailed(candidates.front(), order);
        if (!facts.main.path.empty()) {
            facts.main.fileSize = fileSize(facts.main.path);
            readFileVersion(facts.main);
        }
        walk(facts.main, order, {}, facts.dependencyProblems);
    } else {
        if (const auto getVersion = main.symbol<nv::CudnnGetVersionFn>("cudnnGetVersion")) {
            facts.version = static_cast<long long>(getVersion());
        }
        if (const auto getCudart = main.symbol<nv::CudnnGetCudartVersionFn>("cudnnGetCudartVersion")) {
            facts.cudartVersion = static_cast<long long>(getCudart());
        }
        facts.main.path = main.loadedPath();
        facts.main.foundVia = facts.main.name.find_first_of("/\\") == std::string::npos ? "loader" : "path";
        facts.main.fileSize = fileSize(facts.main.path);
        readFileVersion(facts.main);
        const int reported = facts.version ? static_cast<int>(decodeCudnnVersion(*facts.version).major) : 0;
        const int major = reported > 0 ? reported : cudnnfacts::majorOfMainLibrary(baseName(facts.main.path));
        facts.major = cudnnfacts::runtimeLibraries(major).empty() ? 0 : major;
        held.push_back(std::move(main));

        for (const std::string& name : cudnnfacts::subLibraries(facts.major)) {
            facts.subLibraries.push_back(loadSubLibrary(name, facts.main.path, order, held));
        }
        std::vector<std::string> loadedPaths{facts.main.path};
        for (const LibraryLoad& sub : facts.subLibraries) {
            if (sub.loaded) {
                loadedPaths.push_back(sub.path);
            }
        }
        const bool delayImportsExist = order.rules == binary::LoaderRules::Windows;
        if (delayImportsExist) {
            walk(facts.main, order, loadedPaths, facts.dependencyProblems);
        }
        for (const LibraryLoad& sub : facts.subLibraries) {
            if (!sub.loaded || delayImportsExist) {
                walk(sub, order, loadedPaths, facts.dependencyProblems);
            }
        }
    }
    if (!options.header.empty()) {
        facts.header = readHeaderVersion(options.header);
    }
    addVerifyFindings(facts, order.rules);
    return facts;
}

} // namespace cudnnsetup::runtime
