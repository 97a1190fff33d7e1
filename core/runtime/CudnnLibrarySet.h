#pragma once

#include <string>
#include <vector>

/**
 * The runtime libraries of each cuDNN major: the main library a program loads, and the sub-libraries cuDNN itself
 * loads by bare name at run time. One table for the Qt-free probe; it must equal resources/compat/cudnn-files.json
 * (linux_libraries / windows_dlls), which cites the sources (conda-forge cudnn-feedstock recipes, the 8.9.7
 * archive listing, a cuDNN 9.6 bin folder, the real 9.19.0 files); TestVerifyProbe checks that they agree.
 */
namespace cudnnsetup::runtime {

enum class LibraryNaming { Linux, Windows };

constexpr LibraryNaming hostLibraryNaming()
{
#ifdef _WIN32
    return LibraryNaming::Windows;
#else
    return LibraryNaming::Linux;
#endif
}

/** Main library first ("libcudnn.so.9" / "cudnn64_9.dll"), then every sub-library; empty for an unknown major. */
std::vector<std::string> cudnnRuntimeLibraries(int major, LibraryNaming naming = hostLibraryNaming());

/** The sub-libraries only (the list above without its first entry). */
std::vector<std::string> cudnnSubLibraries(int major, LibraryNaming naming = hostLibraryNaming());

/** The majors the table knows (7, 8, 9). */
std::vector<int> knownCudnnMajors();

} // namespace cudnnsetup::runtime
