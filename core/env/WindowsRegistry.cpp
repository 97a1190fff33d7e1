#include "WindowsRegistry.h"

#include "runtime/WindowsText.h"

#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

namespace cudnnsetup::registry {

namespace {

HKEY rootOf(Hive hive)
{
    return hive == Hive::LocalMachine ? HKEY_LOCAL_MACHINE : HKEY_CURRENT_USER;
}

Result failure(LONG code)
{
    return {false, static_cast<unsigned long>(code), runtime::systemErrorText(static_cast<unsigned long>(code))};
}

/** Closes an open key when it leaves scope. */
class OpenKey
{
public:
    OpenKey() = default;
    OpenKey(const OpenKey&) = delete;
    OpenKey& operator=(const OpenKey&) = delete;
    ~OpenKey()
    {
        if (handle)
            RegCloseKey(handle);
    }
    HKEY handle = nullptr;
};

} // namespace

Key userEnvironmentKey()
{
    return {Hive::CurrentUser, L"Environment"};
}

Key machineEnvironmentKey()
{
    return {Hive::LocalMachine, L"SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment"};
}

Key knownDllsKey()
{
    return {Hive::LocalMachine, L"SYSTEM\\CurrentControlSet\\Control\\Session Manager\\KnownDLLs"};
}

Value readValue(const Key& key, const std::wstring& name, Result* result)
{
    *result = {};
    OpenKey open;
    LONG status = RegOpenKeyExW(rootOf(key.hive), key.path.c_str(), 0, KEY_QUERY_VALUE, &open.handle);
    if (status == ERROR_FILE_NOT_FOUND)
        return {};
    if (status != ERROR_SUCCESS) {
        *result = failure(status);
        return {};
    }
    // The value can grow between the size query and the read (another installer); ask again until it fits.
    for (;;) {
        DWORD type = 0;
        DWORD bytes = 0;
        status = RegQueryValueExW(open.handle, name.c_str(), nullptr, &type, nullptr, &bytes);
        if (status == ERROR_FILE_NOT_FOUND)
            return {};
        if (status != ERROR_SUCCESS) {
            *result = failure(status);
            return {};
        }
        std::wstring buffer(bytes / sizeof(wchar_t) + 1, L'\0');
        DWORD capacity = static_cast<DWORD>(buffer.size() * sizeof(wchar_t));
        status = RegQueryValueExW(
            open.handle, name.c_str(), nullptr, &type, reinterpret_cast<BYTE*>(buffer.data()), &capacity);
        if (status == ERROR_MORE_DATA)
            continue;
        if (status != ERROR_SUCCESS) {
            *result = failure(status);
            return {};
        }
        // Registry strings need not end in NUL, and may end in several.
        buffer.resize(capacity / sizeof(wchar_t));
        while (!buffer.empty() && buffer.back() == L'\0')
            buffer.pop_back();
        Value value;
        value.type = type == REG_EXPAND_SZ ? ValueType::ExpandString
            : type == REG_SZ               ? ValueType::String
                                           : ValueType::Other;
        value.data = value.type == ValueType::Other ? std::wstring() : buffer;
        return value;
    }
}

Result writeValue(const Key& key, const std::wstring& name, const Value& value)
{
    if (value.type == ValueType::Other)
        return {false, ERROR_INVALID_PARAMETER, "only REG_SZ and REG_EXPAND_SZ values are written"};
    OpenKey open;
    LONG status = RegCreateKeyExW(rootOf(key.hive),
                                  key.path.c_str(),
                                  0,
                                  nullptr,
                                  REG_OPTION_NON_VOLATILE,
                                  KEY_SET_VALUE,
                                  nullptr,
                                  &open.handle,
                                  nullptr);
    if (status != ERROR_SUCCESS)
        return failure(status);
    if (value.type == ValueType::Absent) {
        status = RegDeleteValueW(open.handle, name.c_str());
        return status == ERROR_SUCCESS || status == ERROR_FILE_NOT_FOUND ? Result{} : failure(status);
    }
    const DWORD type = value.type == ValueType::ExpandString ? REG_EXPAND_SZ : REG_SZ;
    const DWORD bytes = static_cast<DWORD>((value.data.size() + 1) * sizeof(wchar_t));
    status
        = RegSetValueExW(open.handle, name.c_str(), 0, type, reinterpret_cast<const BYTE*>(value.data.c_str()), bytes);
    return status == ERROR_SUCCESS ? Result{} : failure(status);
}

std::vector<std::wstring> stringValues(const Key& key, Result* result)
{
    *result = {};
    std::vector<std::wstring> values;
    OpenKey open;
    LONG status = RegOpenKeyExW(rootOf(key.hive), key.path.c_str(), 0, KEY_QUERY_VALUE, &open.handle);
    if (status == ERROR_FILE_NOT_FOUND)
        return values;
    if (status != ERROR_SUCCESS) {
        *result = failure(status);
        return values;
    }
    DWORD count = 0;
    DWORD longestName = 0;
    DWORD longestData = 0;
    status = RegQueryInfoKeyW(open.handle,
                              nullptr,
                              nullptr,
                              nullptr,
                              nullptr,
                              nullptr,
                              nullptr,
                              &count,
                              &longestName,
                              &longestData,
                              nullptr,
                              nullptr);
    if (status != ERROR_SUCCESS) {
        *result = failure(status);
        return values;
    }
    for (DWORD i = 0; i < count; ++i) {
        std::wstring name(longestName + 1, L'\0');
        std::wstring data(longestData / sizeof(wchar_t) + 1, L'\0');
        DWORD nameLength = static_cast<DWORD>(name.size());
        DWORD dataBytes = static_cast<DWORD>(data.size() * sizeof(wchar_t));
        DWORD type = 0;
        status = RegEnumValueW(
            open.handle, i, name.data(), &nameLength, nullptr, &type, reinterpret_cast<BYTE*>(data.data()), &dataBytes);
        if (status != ERROR_SUCCESS || (type != REG_SZ && type != REG_EXPAND_SZ))
            continue;
        data.resize(dataBytes / sizeof(wchar_t));
        while (!data.empty() && data.back() == L'\0')
            data.pop_back();
        values.push_back(data);
    }
    return values;
}

Result deleteTree(const Key& key)
{
    const LONG status = RegDeleteTreeW(rootOf(key.hive), key.path.c_str());
    if (status != ERROR_SUCCESS && status != ERROR_FILE_NOT_FOUND)
        return failure(status);
    RegDeleteKeyW(rootOf(key.hive), key.path.c_str());
    return {};
}

Result broadcastEnvironmentChange(unsigned timeoutMs)
{
    DWORD_PTR answer = 0;
    SetLastError(ERROR_SUCCESS);
    const LRESULT sent = SendMessageTimeoutW(HWND_BROADCAST,
                                             WM_SETTINGCHANGE,
                                             0,
                                             reinterpret_cast<LPARAM>(L"Environment"),
                                             SMTO_ABORTIFHUNG,
                                             timeoutMs,
                                             &answer);
    if (sent != 0)
        return {};
    const DWORD error = GetLastError();
    return failure(error == ERROR_SUCCESS ? ERROR_TIMEOUT : static_cast<LONG>(error));
}

} // namespace cudnnsetup::registry
