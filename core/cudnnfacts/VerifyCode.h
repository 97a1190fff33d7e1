#pragma once

/**
 * The stable diagnostic codes of verification; docs/probe.md and docs/verify.md say what each means. Plain C++
 * (no Qt): cudnn-probe writes the finding codes (runtime/CudnnVerify.cpp), the engine reads them and adds the
 * codes of running the probe; one list for both.
 */
namespace VerifyCode {
// findings of `cudnn-probe verify`
inline constexpr char CudnnNotLoaded[] = "VERIFY-CUDNN-NOT-LOADED";
inline constexpr char SymbolMissing[] = "VERIFY-SYMBOL-MISSING";
inline constexpr char UnknownMajor[] = "VERIFY-UNKNOWN-MAJOR";
inline constexpr char LibraryEmpty[] = "VERIFY-LIBRARY-EMPTY";
inline constexpr char SubLibraryNotLoaded[] = "VERIFY-SUBLIBRARY-NOT-LOADED";
inline constexpr char MissingDependency[] = "VERIFY-MISSING-DEPENDENCY";
inline constexpr char UnusableDependency[] = "VERIFY-UNUSABLE-DEPENDENCY";
inline constexpr char MixedFolders[] = "VERIFY-MIXED-FOLDERS";
inline constexpr char MixedVersions[] = "VERIFY-MIXED-VERSIONS";
inline constexpr char FileVersionMismatch[] = "VERIFY-FILE-VERSION-MISMATCH";
inline constexpr char HeaderMismatch[] = "VERIFY-HEADER-MISMATCH";
inline constexpr char HeaderUnreadable[] = "VERIFY-HEADER-UNREADABLE";
// the engine's, about the run
inline constexpr char Ok[] = "VERIFY-OK";
inline constexpr char ProbeFailed[] = "VERIFY-PROBE-FAILED";
inline constexpr char Timeout[] = "VERIFY-TIMEOUT";
inline constexpr char NotTrusted[] = "VERIFY-NOT-TRUSTED";
} // namespace VerifyCode
