// cudnn-probe.exe `verify` under wine against fake cuDNN 9 DLLs (tests/wine/CMakeLists.txt): each scenario runs the
// real probe as a child process with its own PATH, so LoadLibraryW's search order, GetModuleFileNameW, the loader's
// FormatMessage errors and the PE version resources are the real Windows code path. Plain C++: exit code = failures.
#include "runtime/WindowsText.h"

#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <algorithm>
#include <cstdio>
#include <string>
#include <windows.h>

using cudnnsetup::runtime::toUtf8;
using cudnnsetup::runtime::toWide;

namespace {

int failures = 0;

void check(bool condition, const char* test, const std::string& what)
{
    if (!condition) {
        ++failures;
        std::printf("FAIL %s: %s\n", test, what.c_str());
    }
}

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

std::size_t count(const std::string& haystack, const std::string& needle)
{
    std::size_t n = 0;
    for (std::size_t at = haystack.find(needle); at != std::string::npos; at = haystack.find(needle, at + 1))
        ++n;
    return n;
}

std::wstring folderOfThisProgram()
{
    std::wstring buffer(32768, L'\0');
    buffer.resize(GetModuleFileNameW(nullptr, buffer.data(), static_cast<DWORD>(buffer.size())));
    return buffer.substr(0, buffer.find_last_of(L'\\'));
}

/** Runs cudnn-probe.exe with `arguments` and PATH = `path`; returns its stdout ("" when it did not run). */
std::string runProbe(const std::wstring& probe, const std::wstring& arguments, const std::wstring& path)
{
    SetEnvironmentVariableW(L"PATH", path.c_str());
    SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    HANDLE readEnd = nullptr;
    HANDLE writeEnd = nullptr;
    if (!CreatePipe(&readEnd, &writeEnd, &inherit, 0))
        return {};
    SetHandleInformation(readEnd, HANDLE_FLAG_INHERIT, 0);
    STARTUPINFOW startup{};
    startup.cb = sizeof startup;
    startup.dwFlags = STARTF_USESTDHANDLES;
    startup.hStdOutput = writeEnd;
    startup.hStdError = GetStdHandle(STD_ERROR_HANDLE);
    startup.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
    PROCESS_INFORMATION process{};
    std::wstring commandLine = L"\"" + probe + L"\" " + arguments;
    const BOOL started
        = CreateProcessW(nullptr, commandLine.data(), nullptr, nullptr, TRUE, 0, nullptr, nullptr, &startup, &process);
    CloseHandle(writeEnd);
    std::string output;
    if (started) {
        char buffer[4096];
        DWORD read = 0;
        while (ReadFile(readEnd, buffer, sizeof buffer, &read, nullptr) && read > 0)
            output.append(buffer, read);
        WaitForSingleObject(process.hProcess, 60000);
        CloseHandle(process.hProcess);
        CloseHandle(process.hThread);
    }
    CloseHandle(readEnd);
    return output;
}

/** A JSON-escaped Windows path fragment, lower-case: \fakes\ok\ -> \\fakes\\ok\\ */
std::string jsonPath(const std::wstring& path)
{
    std::string escaped;
    for (const char c : lower(toUtf8(path))) {
        if (c == '\\')
            escaped += "\\\\";
        else
            escaped += c;
    }
    return escaped;
}

} // namespace

int main()
{
    std::printf("wine-tests: started\n"); // scripts/wine-tests.sh tells "wine cannot run" from "tests failed" by it
    const std::wstring here = folderOfThisProgram();
    const std::wstring probe = here + L"\\probe\\cudnn-probe.exe";
    const std::wstring fakes = here + L"\\fakes";
    std::wstring systemPath(32768, L'\0');
    systemPath.resize(GetEnvironmentVariableW(L"PATH", systemPath.data(), static_cast<DWORD>(systemPath.size())));

    {
        const char* t = "wholeInstallOnPath";
        const std::string out = lower(runProbe(probe, L"verify", fakes + L"\\ok;" + systemPath));
        check(out.find("\"ok\":true") != std::string::npos, t, "verify.ok is true: " + out);
        check(out.find("\"version_text\":\"9.19.0\"") != std::string::npos, t, "cudnnGetVersion decoded");
        check(out.find("\"cudart_version_text\":\"13.0\"") != std::string::npos, t, "cudnnGetCudartVersion decoded");
        check(count(out, "\"loaded\":true") == 8, t, "all 8 DLLs loaded");
        check(count(out, "\"version\":\"9.19.0.56\"") == 8, t, "VS_FIXEDFILEINFO read from all 8");
        check(count(out, "\"version_source\":\"file-version\"") == 8, t, "versions come from the resource");
        check(out.find(jsonPath(fakes + L"\\ok\\cudnn_ops64_9.dll")) != std::string::npos,
              t,
              "GetModuleFileNameW names the fake cudnn_ops64_9.dll");
        std::printf("%s %s\n", failures ? "FAIL" : "PASS", t);
    }
    {
        const int before = failures;
        const char* t = "zlibwapiMissing";
        const std::string out = lower(runProbe(probe, L"verify", fakes + L"\\zlib;" + systemPath));
        check(out.find("\"ok\":false") != std::string::npos, t, "verify.ok is false: " + out);
        check(out.find("\"code\":\"verify-sublibrary-not-loaded\",\"subject\":\"cudnn_cnn64_9.dll\"")
                  != std::string::npos,
              t,
              "cudnn_cnn64_9.dll did not load");
        check(out.find("\"code\":\"verify-missing-dependency\",\"subject\":\"zlibwapi.dll\"") != std::string::npos,
              t,
              "the walk names zlibwapi.dll");
        check(out.find("(error 126)") != std::string::npos, t, "the loader's own error 126 is reported");
        check(count(out, "\"loaded\":true") == 7, t, "the other 7 DLLs loaded");
        std::printf("%s %s\n", failures > before ? "FAIL" : "PASS", t);
    }
    {
        const int before = failures;
        const char* t = "olderCopyLaterOnPath";
        const std::string out
            = lower(runProbe(probe, L"verify", fakes + L"\\mixed\\new;" + fakes + L"\\mixed\\old;" + systemPath));
        const std::string adv = jsonPath(fakes + L"\\mixed\\old\\cudnn_adv64_9.dll");
        check(out.find("\"code\":\"verify-mixed-folders\",\"subject\":\"" + adv) != std::string::npos,
              t,
              "cudnn_adv64_9.dll from another folder: " + out);
        check(out.find("\"code\":\"verify-mixed-versions\",\"subject\":\"" + adv) != std::string::npos,
              t,
              "cudnn_adv64_9.dll of another version");
        check(out.find("\"version\":\"9.10.0.1\"") != std::string::npos, t, "its file version is 9.10.0.1");
        std::printf("%s %s\n", failures > before ? "FAIL" : "PASS", t);
    }
    {
        const int before = failures;
        const char* t = "mainByPathSubLibrariesByName";
        // The main DLL by full path, its folder not on PATH: the sub-libraries, asked for by bare name, are not
        // searched for in that folder (the standard search order), so none of them loads.
        const std::wstring main = fakes + L"\\ok\\cudnn64_9.dll";
        const std::string out = lower(runProbe(probe, L"verify --library \"" + main + L"\"", systemPath));
        check(out.find("\"version_text\":\"9.19.0\"") != std::string::npos, t, "the main DLL loaded: " + out);
        check(count(out, "\"code\":\"verify-sublibrary-not-loaded\"") == 7, t, "no sub-library loaded");
        std::printf("%s %s\n", failures > before ? "FAIL" : "PASS", t);
    }
    std::printf("%d failure(s)\n", failures);
    return failures == 0 ? 0 : 1;
}
