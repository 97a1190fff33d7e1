#pragma once

#include <string>
#include <vector>

/**
 * The runtime libraries of each cuDNN major and how their file names are built: the main library a program loads,
 * the sub-libraries cuDNN itself loads by bare name at run time, and the names a cuDNN library file can have.
 * The one table of these names (the probe uses it as is; the engine through compat/CudnnFileSets). Sources: the
 * conda-forge cudnn-feedstock recipes (2020-12 to 2026-07), the 8.9.7 archive listing, a cuDNN 9.6 bin folder and
 * the real 9.19.0 files; resources/compat/cudnn-files.json cites them and lists the headers and import libraries.
 */
namespace cudnnsetup::cudnnfacts {

enum class LibraryNaming { Linux, Windows };

constexpr LibraryNaming hostLibraryNaming()
{
#ifdef _WIN32
    return LibraryNaming::Windows;
#else
    return LibraryNaming::Linux;
#endif
}

/** The majors the table knows (7, 8, 9), oldest first. */
std::vector<int> knownMajors();

/** Main library first ("libcudnn.so.9" / "cudnn64_9.dll"), then every sub-library; empty for an unknown major. */
std::vector<std::string> runtimeLibraries(int major, LibraryNaming naming = hostLibraryNaming());

/** The sub-libraries only (the list above without its first entry). */
std::vector<std::string> subLibraries(int major, LibraryNaming naming = hostLibraryNaming());

/** The main library of every known major, newest first; on Linux the unversioned dev link (libcudnn.so) last. */
std::vector<std::string> mainLibraryCandidates(LibraryNaming naming = hostLibraryNaming());

/** A cuDNN runtime library file name: libcudnn*.so[.N[.N...]] on Linux, cudnn*64_N.dll (any case) on Windows. */
bool isRuntimeLibraryName(const std::string& fileName, LibraryNaming naming);

/** A file a program links cuDNN with: libcudnn*.a on Linux, cudnn*[64_N].lib (any case) on Windows. */
bool isLinkLibraryName(const std::string& fileName, LibraryNaming naming);

/**
 * The version a runtime library's file name carries: "libcudnn_ops.so.9.19.0" -> "9.19.0", "libcudnn.so.9" -> "9",
 * "cudnn_ops64_8.dll" -> "8"; "" for the dev link, a path, or a name that is not cuDNN's.
 */
std::string versionInLibraryName(const std::string& fileName);

/** The major whose main library this file is ("libcudnn.so.9", "libcudnn.so.9.19.0", "CUDNN64_8.DLL"); 0 if none. */
int majorOfMainLibrary(const std::string& fileName);

} // namespace cudnnsetup::cudnnfacts
