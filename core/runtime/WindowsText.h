#pragma once

#include <string>

/** UTF-8 <-> UTF-16 for Win32 wide APIs, and the system's text for an error code. Windows only. */
namespace cudnnsetup::runtime {

std::wstring toWide(const std::string& utf8);
std::string toUtf8(const std::wstring& wide);
/** FormatMessageW text for a GetLastError() code, trailing newline removed, e.g. "The specified module could not
 * be found." */
std::string systemErrorText(unsigned long code);

} // namespace cudnnsetup::runtime
