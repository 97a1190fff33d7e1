#pragma once

#include <string>
#include <vector>

/** The few things the probe asks of the operating system itself. */
namespace cudnnsetup::runtime {

/** "linux", "windows", "macos" or "posix": the `probe.platform` field of the JSON. */
const char* platformName();

/**
 * Windows: a DLL that fails to load (missing dependency, bad image) returns an error instead of showing a modal
 * dialog nobody would see in a child process. Nothing to do elsewhere.
 */
void suppressLoaderErrorDialogs();

/** The command line as UTF-8 (Windows reads the wide command line; POSIX argv is already bytes the user typed). */
std::vector<std::string> utf8Arguments(int argc, char** argv);

} // namespace cudnnsetup::runtime
