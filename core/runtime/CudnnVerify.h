#pragma once

#include "binary/DependencyWalker.h"

#include <optional>
#include <string>
#include <vector>

/**
 * `cudnn-probe verify`: what really loads. The main cuDNN library is loaded by bare name (or the path given), then
 * every sub-library of its major by bare name as cuDNN itself loads them; each reports the file that loaded, its
 * version and the loader's error. The versions from the header, the files and cudnnGetVersion() are compared (the
 * seeds' three checks), and libraries that fail to load are walked statically for the dependency that is missing.
 * Finding codes are documented in docs/probe.md.
 */
namespace cudnnsetup::runtime {

struct VerifyOptions
{
    std::vector<std::string> candidates; // main library names or paths, tried in order; empty = the defaults
    std::string header; // cudnn_version.h (or cudnn.h for cuDNN 7) to compare with; empty = no header check
};

/** One library handed to the loader. */
struct LibraryLoad
{
    std::string name; // bare name as requested ("libcudnn_ops.so.9"), or the path given for the main library
    bool loaded = false;
    std::string path; // absolute file the loader used; where it would have looked when known and it failed
    std::string foundVia; // "loader", "already loaded", "LD_LIBRARY_PATH", "RUNPATH", "ld.so cache", ...
    std::string version; // "9.19.0.56" (PE file version) or "9.19.0" / "9" (Linux file name); "" unknown
    std::string versionSource; // "file-version", "file-name" or ""
    std::string error; // the loader's own words; "" when it loaded
    std::optional<unsigned long long> fileSize; // of `path`, when the file exists
};

struct HeaderVersion
{
    std::string path;
    std::optional<long long> code; // CUDNN_MAJOR*10000+... (9+) or *1000+... (<=8), the way CUDNN_VERSION is built
    std::string error; // why no version was read
};

/** A finding: stable code, what it is about, and the facts in English (the engine writes the translated text). */
struct VerifyFinding
{
    std::string code;
    std::string subject;
    std::string detail;
};

struct VerifyFacts
{
    LibraryLoad main;
    std::vector<std::string> tried; // main library candidates, in order, up to the one that loaded
    std::optional<long long> version; // cudnnGetVersion()
    std::optional<long long> cudartVersion; // cudnnGetCudartVersion()
    int major = 0; // the major whose sub-libraries were checked; 0 when unknown
    std::vector<LibraryLoad> subLibraries;
    std::optional<HeaderVersion> header;
    std::vector<binary::DependencyLink> dependencyProblems; // from the static walk
    std::vector<VerifyFinding> findings;
};

/** Reads CUDNN_MAJOR, CUDNN_MINOR and CUDNN_PATCHLEVEL from a header file (cudnnfacts/CudnnVersionHeader). */
HeaderVersion readHeaderVersion(const std::string& path);

/** Runs the whole verification in this process, with this process's search order. */
VerifyFacts verifyCudnn(const VerifyOptions& options);

/**
 * The comparisons alone, on facts already gathered (pure; the probe calls it at the end of verifyCudnn): mixed
 * folders, mixed versions, header/file/runtime mismatches, load failures and dependency problems. Replaces
 * facts.findings.
 */
void addVerifyFindings(VerifyFacts& facts, binary::LoaderRules rules);

} // namespace cudnnsetup::runtime
