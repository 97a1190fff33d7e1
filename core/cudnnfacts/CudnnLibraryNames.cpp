#include "cudnnfacts/CudnnLibraryNames.h"

#include <algorithm>
#include <cctype>

namespace cudnnsetup::cudnnfacts {

namespace {

// Stems in load order. Linux: lib<stem>.so.<major>; Windows: <stem>64_<major>.dll.
std::vector<std::string> stems(int major)
{
    switch (major) {
    case 7:
        return {"cudnn"};
    case 8:
        return {"cudnn",
                "cudnn_ops_infer",
                "cudnn_ops_train",
                "cudnn_cnn_infer",
                "cudnn_cnn_train",
                "cudnn_adv_infer",
                "cudnn_adv_train"};
    case 9:
        return {"cudnn",
                "cudnn_graph",
                "cudnn_ops",
                "cudnn_cnn",
                "cudnn_adv",
                "cudnn_engines_precompiled",
                "cudnn_engines_runtime_compiled",
                "cudnn_heuristic"};
    default:
        return {};
    }
}

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

/** Reads "cudnn" followed by [a-z_]* (and, with digits allowed, [a-z0-9_]*) from `at`; npos when it is not there. */
std::size_t afterStem(const std::string& name, std::size_t at, bool digits)
{
    if (name.compare(at, 5, "cudnn") != 0) {
        return std::string::npos;
    }
    at += 5;
    while (at < name.size()
           && ((name[at] >= 'a' && name[at] <= 'z') || name[at] == '_' || (digits && isDigit(name[at])))) {
        ++at;
    }
    return at;
}

/** "9", "9.19.0": dot-separated runs of 1 to 9 digits (a part longer than that is no version, and would overflow). */
bool isVersion(const std::string& text)
{
    std::size_t run = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == '.') {
            if (run == 0 || run > 9) {
                return false;
            }
            run = 0;
        } else if (isDigit(text[i])) {
            ++run;
        } else {
            return false;
        }
    }
    return true;
}

/** A Linux name libcudnn*.so[.<version>], and its version ("" for the dev link libcudnn.so). */
bool linuxVersion(const std::string& name, std::string& version)
{
    if (name.compare(0, 3, "lib") != 0) {
        return false;
    }
    const std::size_t end = afterStem(name, 3, false);
    if (end == std::string::npos || name.compare(end, 3, ".so") != 0) {
        return false;
    }
    const std::string tail = name.substr(end + 3);
    if (tail.empty()) {
        version.clear();
        return true;
    }
    if (tail[0] != '.' || !isVersion(tail.substr(1))) {
        return false;
    }
    version = tail.substr(1);
    return true;
}

/** The major of a Windows name cudnn*64_<major>.dll, in any case. */
bool windowsVersion(const std::string& fileName, std::string& version)
{
    const std::string name = lower(fileName);
    const std::size_t end = afterStem(name, 0, false);
    const std::size_t suffix = name.size() >= 4 ? name.size() - 4 : std::string::npos;
    if (end == std::string::npos || suffix == std::string::npos || name.compare(suffix, 4, ".dll") != 0) {
        return false;
    }
    if (name.compare(end, 3, "64_") != 0) {
        return false;
    }
    const std::string major = name.substr(end + 3, suffix - end - 3);
    if (major.find('.') != std::string::npos || !isVersion(major)) {
        return false;
    }
    version = major;
    return true;
}

} // namespace

std::vector<int> knownMajors()
{
    return {7, 8, 9};
}

std::vector<std::string> runtimeLibraries(int major, LibraryNaming naming)
{
    std::vector<std::string> names;
    for (const std::string& stem : stems(major)) {
        names.push_back(naming == LibraryNaming::Windows ? stem + "64_" + std::to_string(major) + ".dll"
                                                         : "lib" + stem + ".so." + std::to_string(major));
    }
    return names;
}

std::vector<std::string> subLibraries(int major, LibraryNaming naming)
{
    std::vector<std::string> names = runtimeLibraries(major, naming);
    if (!names.empty()) {
        names.erase(names.begin());
    }
    return names;
}

std::vector<std::string> mainLibraryCandidates(LibraryNaming naming)
{
    std::vector<int> majors = knownMajors();
    std::reverse(majors.begin(), majors.end());
    std::vector<std::string> names;
    for (const int major : majors) {
        names.push_back(runtimeLibraries(major, naming).front());
    }
    if (naming == LibraryNaming::Linux) {
        names.push_back("libcudnn.so");
    }
    return names;
}

bool isRuntimeLibraryName(const std::string& fileName, LibraryNaming naming)
{
    std::string version;
    return naming == LibraryNaming::Windows ? windowsVersion(fileName, version) : linuxVersion(fileName, version);
}

bool isLinkLibraryName(const std::string& fileName, LibraryNaming naming)
{
    if (naming == LibraryNaming::Linux) {
        const std::size_t end = fileName.compare(0, 3, "lib") == 0 ? afterStem(fileName, 3, true) : std::string::npos;
        return end != std::string::npos && fileName.compare(end, std::string::npos, ".a") == 0;
    }
    const std::string name = lower(fileName);
    std::size_t end = afterStem(name, 0, false);
    if (end == std::string::npos) {
        return false;
    }
    if (name.compare(end, 3, "64_") == 0) { // cudnn64_9.lib; cudnn.lib has no major
        std::size_t digits = end + 3;
        while (digits < name.size() && isDigit(name[digits])) {
            ++digits;
        }
        if (digits == end + 3) {
            return false;
        }
        end = digits;
    }
    return name.compare(end, std::string::npos, ".lib") == 0;
}

std::string versionInLibraryName(const std::string& fileName)
{
    std::string version;
    if (linuxVersion(fileName, version) || windowsVersion(fileName, version)) {
        return version;
    }
    return {};
}

int majorOfMainLibrary(const std::string& fileName)
{
    const std::string name = lower(fileName);
    for (const int major : knownMajors()) {
        for (const LibraryNaming naming : {LibraryNaming::Linux, LibraryNaming::Windows}) {
            const std::string expected = runtimeLibraries(major, naming).front();
            if (name == expected || name.rfind(expected + ".", 0) == 0) {
                return major;
            }
        }
    }
    return 0;
}

} // namespace cudnnsetup::cudnnfacts
