#pragma once

#include <string>
#include <vector>

/**
 * The Win32 calls behind the Windows environment store, and nothing else: plain C++17 with wide strings, no Qt, no
 * decisions, so it cross-compiles with mingw-w64 and its own test runs under wine (tests/wine). Values are read
 * with RegQueryValueExW (never expanded) and written with RegSetValueExW in the type asked for; QSettings, setx and
 * .NET would all turn a REG_EXPAND_SZ Path into REG_SZ.
 */
namespace cudnnsetup::registry {

enum class Hive {
    CurrentUser,
    LocalMachine,
};

struct Key
{
    Hive hive = Hive::CurrentUser;
    std::wstring path;
};

/** HKCU\Environment */
Key userEnvironmentKey();
/** HKLM\SYSTEM\CurrentControlSet\Control\Session Manager\Environment */
Key machineEnvironmentKey();
/** HKLM\SYSTEM\CurrentControlSet\Control\Session Manager\KnownDLLs */
Key knownDllsKey();

enum class ValueType {
    Absent,
    String, // REG_SZ
    ExpandString, // REG_EXPAND_SZ
    Other, // any other type: reported, never rewritten
};

struct Value
{
    ValueType type = ValueType::Absent;
    std::wstring data; // without the terminating NUL
};

/** ok, or the Win32 error code and the system's words for it. */
struct Result
{
    bool ok = true;
    unsigned long code = 0;
    std::string message;
};

/** A missing key or value reads as Absent with an ok result. */
Value readValue(const Key& key, const std::wstring& name, Result* result);
/** Creates the key when needed; an Absent value deletes the value (and a missing one is not an error). */
Result writeValue(const Key& key, const std::wstring& name, const Value& value);
/** The data of every string value under key (KnownDLLs lists DLL names this way). */
std::vector<std::wstring> stringValues(const Key& key, Result* result);
/** Deletes the key and everything under it (tests clean up their scratch keys with it). */
Result deleteTree(const Key& key);

/**
 * WM_SETTINGCHANGE "Environment" to every top-level window with SMTO_ABORTIFHUNG, so a hung window cannot stall the
 * installer for more than timeoutMs. Not ok when the broadcast timed out or failed.
 */
Result broadcastEnvironmentChange(unsigned timeoutMs = 5000);

} // namespace cudnnsetup::registry
