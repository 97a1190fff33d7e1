// The registry adapter against a real (wine) registry: raw round trips that keep REG_EXPAND_SZ and %VAR% tokens,
// long values kept whole, and a WM_SETTINGCHANGE broadcast that returns. Plain C++: exit code = failures.

#include "env/WindowsRegistry.h"

#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <cstdio>
#include <functional>
#include <string>
#include <vector>
#include <windows.h>

namespace reg = cudnnsetup::registry;

namespace {

int failures = 0;
int passes = 0;

void check(bool condition, const char* test, const char* what)
{
    if (condition)
        return;
    ++failures;
    std::printf("FAIL %s: %s\n", test, what);
}

const reg::Key scratch{reg::Hive::CurrentUser, L"Software\\cudnn-setup-wine-test\\Environment"};

void run(const char* name, const std::function<void(const char*)>& test)
{
    const int before = failures;
    test(name);
    if (failures == before) {
        ++passes;
        std::printf("PASS %s\n", name);
    }
}

reg::Value expandString(const std::wstring& data)
{
    return {reg::ValueType::ExpandString, data};
}

} // namespace

int main()
{
    std::printf("wine-tests: started\n"); // scripts/wine-tests.sh tells "wine cannot run" from "tests failed" by it
    reg::deleteTree(scratch);

    run("expandStringRoundTripKeepsTypeAndTokens", [](const char* t) {
        const std::wstring path = L"%SystemRoot%\\system32;%CUDA_PATH%\\bin;C:\\Program Files\\NVIDIA\\bin";
        check(reg::writeValue(scratch, L"Path", expandString(path)).ok, t, "write");
        reg::Result result;
        const reg::Value read = reg::readValue(scratch, L"Path", &result);
        check(result.ok, t, "read ok");
        check(read.type == reg::ValueType::ExpandString, t, "type stays REG_EXPAND_SZ");
        check(read.data == path, t, "%VAR% tokens stay unexpanded");
    });

    run("stringRoundTripStaysRegSz", [](const char* t) {
        check(reg::writeValue(scratch, L"CUDA_PATH", {reg::ValueType::String, L"C:\\CUDA\\v12.4"}).ok, t, "write");
        reg::Result result;
        const reg::Value read = reg::readValue(scratch, L"cuda_path", &result); // names are case-insensitive
        check(read.type == reg::ValueType::String && read.data == L"C:\\CUDA\\v12.4", t, "REG_SZ read back");
    });

    run("missingValueReadsAbsent", [](const char* t) {
        reg::Result result;
        check(reg::readValue(scratch, L"NoSuchValue", &result).type == reg::ValueType::Absent, t, "absent");
        check(result.ok, t, "not an error");
        const reg::Key missingKey{reg::Hive::CurrentUser, L"Software\\cudnn-setup-wine-test\\NoSuchKey"};
        check(reg::readValue(missingKey, L"Path", &result).type == reg::ValueType::Absent && result.ok, t, "no key");
    });

    run("absentDeletesTheValue", [](const char* t) {
        check(reg::writeValue(scratch, L"Gone", expandString(L"x")).ok, t, "write");
        check(reg::writeValue(scratch, L"Gone", {}).ok, t, "delete");
        check(reg::writeValue(scratch, L"Gone", {}).ok, t, "deleting twice is fine");
        reg::Result result;
        check(reg::readValue(scratch, L"Gone", &result).type == reg::ValueType::Absent, t, "gone");
    });

    run("longestValueIsKeptWhole", [](const char* t) {
        std::wstring longPath;
        while (longPath.size() < 32767)
            longPath += L"C:\\Tools\\bin;";
        longPath.resize(32767); // cuts the last entry short: never pads
        check(reg::writeValue(scratch, L"Path", expandString(longPath)).ok, t, "write 32767 characters");
        reg::Result result;
        const reg::Value read = reg::readValue(scratch, L"Path", &result);
        if (read.data != longPath)
            std::printf("     read %zu characters (%s), wrote %zu\n",
                        read.data.size(),
                        result.message.c_str(),
                        longPath.size());
        check(read.data == longPath, t, "nothing truncated");
    });

    run("valueWithoutTerminatingNulIsRead", [](const char* t) {
        HKEY key = nullptr;
        check(RegCreateKeyExW(
                  HKEY_CURRENT_USER, scratch.path.c_str(), 0, nullptr, 0, KEY_SET_VALUE, nullptr, &key, nullptr)
                  == ERROR_SUCCESS,
              t,
              "open");
        const wchar_t data[] = {L'C', L':', L'\\', L'x'}; // no NUL, as some tools write them
        RegSetValueExW(key, L"NoNul", 0, REG_EXPAND_SZ, reinterpret_cast<const BYTE*>(data), sizeof data);
        RegCloseKey(key);
        reg::Result result;
        check(reg::readValue(scratch, L"NoNul", &result).data == L"C:\\x", t, "read exactly");
    });

    run("otherTypesAreReportedNotRead", [](const char* t) {
        HKEY key = nullptr;
        RegCreateKeyExW(HKEY_CURRENT_USER, scratch.path.c_str(), 0, nullptr, 0, KEY_SET_VALUE, nullptr, &key, nullptr);
        const DWORD number = 7;
        RegSetValueExW(key, L"Number", 0, REG_DWORD, reinterpret_cast<const BYTE*>(&number), sizeof number);
        RegCloseKey(key);
        reg::Result result;
        check(reg::readValue(scratch, L"Number", &result).type == reg::ValueType::Other, t, "Other");
        check(!reg::writeValue(scratch, L"Number", {reg::ValueType::Other, L""}).ok, t, "never written");
    });

    run("stringValuesListsEveryString", [](const char* t) {
        const reg::Key list{reg::Hive::CurrentUser, L"Software\\cudnn-setup-wine-test\\KnownDLLs"};
        reg::writeValue(list, L"kernel32", {reg::ValueType::String, L"kernel32.dll"});
        reg::writeValue(list, L"user32", {reg::ValueType::String, L"user32.dll"});
        reg::Result result;
        const std::vector<std::wstring> names = reg::stringValues(list, &result);
        check(result.ok && names.size() == 2, t, "two names");
    });

    run("userEnvironmentRoundTrip", [](const char* t) {
        // The prefix is a throw-away one, so the real HKCU\Environment may be written.
        const reg::Key key = reg::userEnvironmentKey();
        const std::wstring path = L"%USERPROFILE%\\AppData\\Local\\Microsoft\\WindowsApps;C:\\CUDA\\v12.4\\bin";
        check(reg::writeValue(key, L"Path", expandString(path)).ok, t, "write HKCU\\Environment\\Path");
        reg::Result result;
        const reg::Value read = reg::readValue(key, L"PATH", &result);
        check(read.type == reg::ValueType::ExpandString && read.data == path, t, "read back raw");
        check(reg::writeValue(key, L"Path", {}).ok, t, "clean up");
    });

    run("broadcastReturnsWithinTheTimeout", [](const char* t) {
        const ULONGLONG start = GetTickCount64();
        const reg::Result result = reg::broadcastEnvironmentChange(5000);
        const ULONGLONG elapsed = GetTickCount64() - start;
        std::printf("     broadcast took %llu ms (%s)\n", elapsed, result.ok ? "delivered" : result.message.c_str());
        check(elapsed < 6000, t, "returns within 5 s plus slack");
    });

    reg::deleteTree({reg::Hive::CurrentUser, L"Software\\cudnn-setup-wine-test"});
    std::printf("%d passed, %d failed\n", passes, failures);
    return failures;
}
