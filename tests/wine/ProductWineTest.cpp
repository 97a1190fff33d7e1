// The real cudnn-setup.exe (build-windows/dist) under wine, on a made-up Windows machine that this program builds
// with Windows APIs in a throw-away prefix: a CUDA 11.3 toolkit under C:\Program Files, CUDA_PATH in the machine
// environment, the fake driver DLLs in System32, a user Path in HKCU. Registry values are read with
// RegQueryValueExW so type and bytes are compared exactly; the product runs as a child process (CreateProcessW,
// pipes) and its exit codes, output and JSON report are checked. Run by scripts/wine-tests.sh (the `product` set):
//   product-wine-test.exe detect|install|pitfalls|nvidia-installer <dist> <fixtures> <work>
//   product-wine-test.exe readonly-setup|readonly-check <dist> <fixtures> <work>   (as an unprivileged user)
//   product-wine-test.exe installer <installer.exe> <fixtures> <work>
//   product-wine-test.exe msi <cudnn-setup.msi> <fixtures> <work>   (<work>\\older.msi: the same program, older)
//   product-wine-test.exe machine <dist> <fixtures> <work>   (only builds the machine: the Windows screenshots)
// <fixtures>: the build's product/ folder (fake DLLs and zips, tests/wine/CMakeLists.txt); <work>: a folder of the
// test run's own for reports. Plain C++: exit code = failures.
#include "runtime/WindowsText.h"

#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>
#include <windows.h>
// After windows.h:
#include <msi.h>
#include <shlobj.h>

using cudnnsetup::runtime::toUtf8;
using cudnnsetup::runtime::toWide;

namespace {

int failures = 0;

void check(bool condition, const std::string& what)
{
    if (!condition) {
        ++failures;
        std::printf("FAIL %s\n", what.c_str());
        std::fflush(stdout);
    }
}

void note(const std::string& text)
{
    std::printf("  %s\n", text.c_str());
    std::fflush(stdout);
}

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

bool contains(const std::string& haystack, const std::string& needle)
{
    return lower(haystack).find(lower(needle)) != std::string::npos;
}

/** JSON text without the whitespace between tokens, so `"status":"ok"` matches however it was indented. */
std::string compact(const std::string& json)
{
    std::string out;
    bool inString = false;
    for (std::size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < json.size())
                out += json[++i];
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
            out += c;
        } else if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
            out += c;
        }
    }
    return out;
}

/** The JSON object that starts at `start` in compact JSON text, up to its closing brace; empty if none. */
std::string jsonObjectAt(const std::string& text, std::size_t start)
{
    if (start >= text.size() || text[start] != '{')
        return {};
    int depth = 0;
    bool inString = false;
    for (std::size_t i = start; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if ((c == '}' || c == ']') && --depth == 0) {
            return text.substr(start, i - start + 1);
        }
    }
    return {};
}

/** A Windows path as it appears inside a JSON string: every backslash doubled. */
std::string json(const std::wstring& path)
{
    std::string escaped;
    for (const char c : toUtf8(path)) {
        if (c == '\\')
            escaped += "\\\\";
        else
            escaped += c;
    }
    return escaped;
}

// ---- files ----

bool writeFile(const std::wstring& path, const std::string& bytes)
{
    HANDLE file = CreateFileW(path.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (file == INVALID_HANDLE_VALUE)
        return false;
    DWORD written = 0;
    const BOOL ok = WriteFile(file, bytes.data(), static_cast<DWORD>(bytes.size()), &written, nullptr);
    CloseHandle(file);
    return ok && written == bytes.size();
}

std::string readFile(const std::wstring& path, bool* ok = nullptr)
{
    std::string bytes;
    HANDLE file = CreateFileW(path.c_str(), GENERIC_READ, FILE_SHARE_READ, nullptr, OPEN_EXISTING, 0, nullptr);
    if (ok)
        *ok = file != INVALID_HANDLE_VALUE;
    if (file == INVALID_HANDLE_VALUE)
        return bytes;
    char buffer[65536];
    DWORD read = 0;
    while (ReadFile(file, buffer, sizeof buffer, &read, nullptr) && read > 0)
        bytes.append(buffer, read);
    CloseHandle(file);
    return bytes;
}

bool exists(const std::wstring& path)
{
    return GetFileAttributesW(path.c_str()) != INVALID_FILE_ATTRIBUTES;
}

bool makeFolders(const std::wstring& path)
{
    for (std::size_t at = path.find(L'\\', 3); at != std::wstring::npos; at = path.find(L'\\', at + 1))
        CreateDirectoryW(path.substr(0, at).c_str(), nullptr);
    return CreateDirectoryW(path.c_str(), nullptr) || GetLastError() == ERROR_ALREADY_EXISTS;
}

void copy(const std::wstring& from, const std::wstring& to)
{
    check(CopyFileW(from.c_str(), to.c_str(), FALSE) != 0,
          "copy " + toUtf8(from) + " -> " + toUtf8(to) + ": " + cudnnsetup::runtime::systemErrorText(GetLastError()));
}

/** Every file and folder under `root`: relative path -> its bytes (folders: "<dir>"). */
using Tree = std::map<std::wstring, std::string>;
void listTree(const std::wstring& root, const std::wstring& relative, Tree& tree)
{
    WIN32_FIND_DATAW entry;
    HANDLE find = FindFirstFileW((root + relative + L"\\*").c_str(), &entry);
    if (find == INVALID_HANDLE_VALUE)
        return;
    do {
        const std::wstring name = entry.cFileName;
        if (name == L"." || name == L"..")
            continue;
        const std::wstring path = relative + L"\\" + name;
        if (entry.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) {
            tree[path] = "<dir>";
            listTree(root, path, tree);
        } else {
            tree[path] = readFile(root + path);
        }
    } while (FindNextFileW(find, &entry));
    FindClose(find);
}
Tree listTree(const std::wstring& root)
{
    Tree tree;
    listTree(root, L"", tree);
    return tree;
}

/** FNV-1a 64 of the bytes, for messages. */
std::string digest(const std::string& bytes)
{
    unsigned long long hash = 1469598103934665603ULL;
    for (const unsigned char c : bytes)
        hash = (hash ^ c) * 1099511628211ULL;
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", hash);
    return text;
}

void checkSameTree(const Tree& before, const Tree& after, const std::string& what)
{
    for (const auto& [path, bytes] : before) {
        const auto it = after.find(path);
        if (it == after.end())
            check(false, what + ": " + toUtf8(path) + " is gone");
        else
            check(it->second == bytes,
                  what + ": " + toUtf8(path) + " changed (" + digest(bytes) + " -> " + digest(it->second) + ")");
    }
    for (const auto& [path, bytes] : after) {
        if (!before.count(path))
            check(false, what + ": " + toUtf8(path) + " is new");
    }
}

// ---- registry ----

struct RegValue
{
    bool exists = false;
    DWORD type = REG_NONE;
    std::string bytes;
    std::wstring text() const
    {
        std::wstring value(reinterpret_cast<const wchar_t*>(bytes.data()), bytes.size() / sizeof(wchar_t));
        while (!value.empty() && value.back() == L'\0')
            value.pop_back();
        return value;
    }
};

const wchar_t* const MachineEnvironment = L"SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment";

RegValue readValue(HKEY root, const wchar_t* subkey, const wchar_t* name)
{
    RegValue value;
    HKEY key = nullptr;
    if (RegOpenKeyExW(root, subkey, 0, KEY_QUERY_VALUE, &key) != ERROR_SUCCESS)
        return value;
    DWORD size = 0;
    if (RegQueryValueExW(key, name, nullptr, &value.type, nullptr, &size) == ERROR_SUCCESS) {
        value.bytes.resize(size);
        value.exists
            = RegQueryValueExW(key, name, nullptr, &value.type, reinterpret_cast<BYTE*>(value.bytes.data()), &size)
            == ERROR_SUCCESS;
        value.bytes.resize(size);
    }
    RegCloseKey(key);
    return value;
}

void writeValue(HKEY root, const wchar_t* subkey, const wchar_t* name, DWORD type, const std::wstring& text)
{
    HKEY key = nullptr;
    check(RegCreateKeyExW(root, subkey, 0, nullptr, 0, KEY_SET_VALUE, nullptr, &key, nullptr) == ERROR_SUCCESS,
          "open registry key " + toUtf8(subkey));
    const auto* data = reinterpret_cast<const BYTE*>(text.c_str());
    check(RegSetValueExW(key, name, 0, type, data, static_cast<DWORD>((text.size() + 1) * sizeof(wchar_t)))
              == ERROR_SUCCESS,
          "write registry value " + toUtf8(name));
    RegCloseKey(key);
}

std::wstring expand(const std::wstring& text)
{
    std::wstring out(32768, L'\0');
    out.resize(ExpandEnvironmentStringsW(text.c_str(), out.data(), static_cast<DWORD>(out.size())));
    if (!out.empty())
        out.pop_back(); // the count includes the terminating null
    return out;
}

/** Gives this process the environment a new login would have: the machine's variables, then the user's, PATH =
 * machine Path;user Path (REG_EXPAND_SZ expanded), as Explorer builds it. Child processes inherit it. */
void loginEnvironment()
{
    std::wstring path;
    for (const auto& [root, subkey] :
         {std::pair{HKEY_LOCAL_MACHINE, MachineEnvironment}, std::pair{HKEY_CURRENT_USER, L"Environment"}}) {
        HKEY key = nullptr;
        if (RegOpenKeyExW(root, subkey, 0, KEY_QUERY_VALUE, &key) != ERROR_SUCCESS)
            continue;
        for (DWORD index = 0;; ++index) {
            wchar_t name[256];
            DWORD nameSize = 256;
            DWORD type = 0;
            std::wstring data(32768, L'\0');
            DWORD dataSize = static_cast<DWORD>(data.size() * sizeof(wchar_t));
            if (RegEnumValueW(
                    key, index, name, &nameSize, nullptr, &type, reinterpret_cast<BYTE*>(data.data()), &dataSize)
                != ERROR_SUCCESS)
                break;
            data.resize(dataSize / sizeof(wchar_t));
            while (!data.empty() && data.back() == L'\0')
                data.pop_back();
            const std::wstring value = type == REG_EXPAND_SZ ? expand(data) : data;
            if (lower(toUtf8(name)) == "path")
                path = path.empty() ? value : path + L";" + value;
            else
                SetEnvironmentVariableW(name, value.c_str());
        }
        RegCloseKey(key);
    }
    SetEnvironmentVariableW(L"PATH", path.c_str());
}

// ---- child processes ----

struct Run
{
    bool started = false;
    DWORD exitCode = 0;
    std::string output; // stdout and stderr
};

Run run(const std::wstring& program, const std::wstring& arguments, DWORD timeoutMs = 300000)
{
    Run result;
    SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    HANDLE readEnd = nullptr;
    HANDLE writeEnd = nullptr;
    if (!CreatePipe(&readEnd, &writeEnd, &inherit, 0))
        return result;
    SetHandleInformation(readEnd, HANDLE_FLAG_INHERIT, 0);
    STARTUPINFOW startup{};
    startup.cb = sizeof startup;
    startup.dwFlags = STARTF_USESTDHANDLES;
    startup.hStdOutput = writeEnd;
    startup.hStdError = writeEnd;
    startup.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
    PROCESS_INFORMATION process{};
    std::wstring commandLine = L"\"" + program + L"\" " + arguments;
    result.started
        = CreateProcessW(nullptr, commandLine.data(), nullptr, nullptr, TRUE, 0, nullptr, nullptr, &startup, &process);
    CloseHandle(writeEnd);
    if (result.started) {
        char buffer[4096];
        DWORD read = 0;
        while (ReadFile(readEnd, buffer, sizeof buffer, &read, nullptr) && read > 0)
            result.output.append(buffer, read);
        if (WaitForSingleObject(process.hProcess, timeoutMs) != WAIT_OBJECT_0)
            TerminateProcess(process.hProcess, 124);
        GetExitCodeProcess(process.hProcess, &result.exitCode);
        CloseHandle(process.hProcess);
        CloseHandle(process.hThread);
    }
    CloseHandle(readEnd);
    return result;
}

std::wstring quote(const std::wstring& path)
{
    return L"\"" + path + L"\"";
}

/** Runs it, prints the command, exit code and the output's tail; checks the exit code. */
Run expectExit(const std::wstring& program, const std::wstring& arguments, DWORD expected, const std::string& what)
{
    const DWORD start = GetTickCount();
    Run r = run(program, arguments);
    note("$ " + toUtf8(program.substr(program.find_last_of(L'\\') + 1)) + " " + toUtf8(arguments) + "  -> exit "
         + std::to_string(r.exitCode) + " in " + std::to_string((GetTickCount() - start) / 1000.0).substr(0, 4) + " s");
    const std::string tail = r.output.size() > 3000 ? "..." + r.output.substr(r.output.size() - 3000) : r.output;
    for (std::size_t at = 0; at < tail.size();) {
        const std::size_t end = std::min(tail.find('\n', at), tail.size());
        note("| " + tail.substr(at, end - at));
        at = end + 1;
    }
    check(r.started, what + ": the program started");
    check(r.exitCode == expected,
          what + ": exit " + std::to_string(r.exitCode) + ", expected " + std::to_string(expected));
    return r;
}

// ---- the made-up machine ----

struct Machine
{
    std::wstring dist; // the folder with cudnn-setup.exe
    std::wstring fixtures; // the build's product/ folder
    std::wstring work; // reports
    std::wstring setup() const { return dist + L"\\cudnn-setup.exe"; }
};

std::wstring programFiles()
{
    wchar_t buffer[MAX_PATH];
    const DWORD n = GetEnvironmentVariableW(L"ProgramW6432", buffer, MAX_PATH);
    return n ? std::wstring(buffer, n) : L"C:\\Program Files";
}
std::wstring toolkitRoot(const std::wstring& version)
{
    return programFiles() + L"\\NVIDIA GPU Computing Toolkit\\CUDA\\v" + version;
}
std::wstring system32()
{
    wchar_t buffer[MAX_PATH];
    return std::wstring(buffer, GetSystemDirectoryW(buffer, MAX_PATH));
}

/** Copies every file of `from` into `to` (not recursive). */
void copyFiles(const std::wstring& from, const std::wstring& to)
{
    WIN32_FIND_DATAW entry;
    HANDLE find = FindFirstFileW((from + L"\\*").c_str(), &entry);
    check(find != INVALID_HANDLE_VALUE, "list " + toUtf8(from));
    if (find == INVALID_HANDLE_VALUE)
        return;
    do {
        if (!(entry.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY))
            copy(from + L"\\" + entry.cFileName, to + L"\\" + entry.cFileName);
    } while (FindNextFileW(find, &entry));
    FindClose(find);
}

/** A CUDA toolkit as NVIDIA's Windows installer leaves it, reduced to what tools read: version.json and
 * version.txt, bin\nvcc.exe (prints the release), the runtime DLLs cuDNN imports (every file of the fixtures'
 * <binFixture>\bin), include\cuda.h, lib\x64. */
void makeToolkit(const Machine& m,
                 const std::wstring& version,
                 const std::string& full,
                 const std::string& stamp,
                 const std::wstring& binFixture = L"toolkit")
{
    const std::wstring root = toolkitRoot(version);
    for (const wchar_t* sub : {L"\\bin", L"\\include", L"\\lib\\x64", L"\\libnvvp", L"\\extras\\CUPTI\\lib64"})
        check(makeFolders(root + sub), "create " + toUtf8(root + sub));
    const std::string mm = full.substr(0, full.rfind('.'));
    writeFile(root + L"\\version.json",
              "{\r\n   \"cuda\" : {\r\n      \"name\" : \"CUDA SDK\",\r\n      \"version\" : \"" + mm + "." + stamp
                  + "\"\r\n   },\r\n   \"cuda_cudart\" : {\r\n      \"name\" : \"CUDA Runtime (cudart)\",\r\n"
                    "      \"version\" : \""
                  + full
                  + "\"\r\n   },\r\n   \"cuda_nvcc\" : {\r\n      \"name\" : \"CUDA NVCC\",\r\n"
                    "      \"version\" : \""
                  + full + "\"\r\n   }\r\n}\r\n");
    writeFile(root + L"\\version.txt", "CUDA Version " + full + "\r\n");
    const std::string code = std::to_string(std::stoi(mm) * 1000 + std::stoi(mm.substr(mm.find('.') + 1)) * 10);
    writeFile(root + L"\\include\\cuda.h",
              "/* test double of the toolkit's cuda.h */\r\n#define CUDA_VERSION " + code + "\r\n");
    writeFile(root + L"\\include\\cuda_runtime.h", "/* test double */\r\n#include \"cuda.h\"\r\n");
    writeFile(root + L"\\lib\\x64\\cudart.lib", "!<arch>\n");
    copyFiles(m.fixtures + L"\\" + binFixture + L"\\bin", root + L"\\bin");
}

/** The driver: nvcuda.dll and nvml.dll in System32, where NVIDIA's driver puts them (the fixtures' <fixture>\bin:
 *  driver is 466.11 for CUDA 11.3, driver-576 is 576.02 for CUDA 12.9). */
void installDriver(const Machine& m, const std::wstring& fixture = L"driver")
{
    for (const wchar_t* file : {L"nvcuda.dll", L"nvml.dll"})
        copy(m.fixtures + L"\\" + fixture + L"\\bin\\" + file, system32() + L"\\" + file);
}

/** What the CUDA 11.3 installer sets in the machine environment (the toolkit's PATH entries left out). */
void announceToolkit(const std::wstring& version)
{
    std::wstring underscored = version;
    std::replace(underscored.begin(), underscored.end(), L'.', L'_');
    writeValue(HKEY_LOCAL_MACHINE, MachineEnvironment, L"CUDA_PATH", REG_SZ, toolkitRoot(version));
    writeValue(
        HKEY_LOCAL_MACHINE, MachineEnvironment, (L"CUDA_PATH_V" + underscored).c_str(), REG_SZ, toolkitRoot(version));
}

/** The user's Path before the install: REG_EXPAND_SZ, one entry with %USERPROFILE% unexpanded. */
const std::wstring UserPath
    = L"%USERPROFILE%\\AppData\\Local\\Microsoft\\WindowsApps;C:\\Tools\\bin;%USERPROFILE%\\.local\\bin";

void standardMachine(const Machine& m)
{
    makeToolkit(m, L"11.3", "11.3.58", "20210326");
    installDriver(m);
    announceToolkit(L"11.3");
    writeValue(HKEY_CURRENT_USER, L"Environment", L"Path", REG_EXPAND_SZ, UserPath);
}

std::wstring seedZip(const Machine& m)
{
    return m.fixtures + L"\\cudnn-11.3-windows-x64-v8.2.0.53.zip";
}

const wchar_t* const Cudnn8Dlls[] = {L"cudnn64_8.dll",
                                     L"cudnn_adv_infer64_8.dll",
                                     L"cudnn_adv_train64_8.dll",
                                     L"cudnn_cnn_infer64_8.dll",
                                     L"cudnn_cnn_train64_8.dll",
                                     L"cudnn_ops_infer64_8.dll",
                                     L"cudnn_ops_train64_8.dll"};
const wchar_t* const Cudnn8Headers[] = {L"cudnn.h",
                                        L"cudnn_adv_infer.h",
                                        L"cudnn_adv_train.h",
                                        L"cudnn_backend.h",
                                        L"cudnn_cnn_infer.h",
                                        L"cudnn_cnn_train.h",
                                        L"cudnn_ops_infer.h",
                                        L"cudnn_ops_train.h",
                                        L"cudnn_version.h"};

// ---- the scenarios ----

int detect(const Machine& m)
{
    standardMachine(m);
    loginEnvironment();
    const Run r = expectExit(m.setup(), L"--detect --json", 0, "--detect --json");
    const std::string out = compact(r.output);
    const std::string root = json(toolkitRoot(L"11.3"));
    check(contains(out, "\"root\":\"" + root + "\""), "the toolkit " + toUtf8(toolkitRoot(L"11.3")) + " is found");
    check(contains(out, "\"active\":true"), "a toolkit is active");
    // The active toolkit is the v11.3 one: the report's keys are sorted, so its "active" is the nearest before its
    // "root".
    const std::size_t at = lower(out).find(lower("\"root\":\"" + root + "\""));
    const std::size_t activeAt = at == std::string::npos ? std::string::npos : out.rfind("\"active\":", at);
    const std::string toolkit = activeAt == std::string::npos ? "" : out.substr(activeAt, at - activeAt + 400);
    check(contains(toolkit.substr(0, 14), "\"active\":true"),
          "the v11.3 toolkit is the active one: " + toolkit.substr(0, 400));
    check(contains(toolkit, "11.3"), "its version is 11.3");
    check(contains(out, "466.11"), "the driver version 466.11 (nvml.dll) is reported");
    check(contains(out, "RTX 3060 Ti"), "the GPU (nvcuda.dll) is reported");
    check(contains(out, "8.6"), "its compute capability 8.6 is reported");
    check(contains(out, "CUDA_PATH"), "CUDA_PATH is named as where the toolkit was announced");
    check(contains(out, json(system32() + L"\\nvcuda.dll")), "the driver library loaded from System32");
    return failures;
}

/** The seed's install of cudnn-11.3-windows-x64-v8.2.0.53.zip, then the uninstall, with everything compared. */
int install(const Machine& m)
{
    standardMachine(m);
    loginEnvironment();
    const std::wstring root = toolkitRoot(L"11.3");
    const Tree before = listTree(root);
    const RegValue pathBefore = readValue(HKEY_CURRENT_USER, L"Environment", L"Path");
    check(pathBefore.exists && pathBefore.type == REG_EXPAND_SZ, "the user Path is set up as REG_EXPAND_SZ");

    const std::wstring report = m.work + L"\\install.json";
    expectExit(m.setup(),
               L"--silent --package " + quote(seedZip(m)) + L" --report " + quote(report) + L" --no-benchmark",
               0,
               "the silent install");
    const std::string rep = compact(readFile(report));
    check(contains(rep, "\"command\":\"install\""), "the report is an install report");
    check(contains(rep, "\"status\":\"ok\""), "the report says ok: " + rep.substr(0, 600));

    // Files land in bin, include and lib\x64, byte for byte the archive's, never in a nested cuda\ folder.
    const std::wstring set = m.fixtures + L"\\cudnn-8.2.0.53";
    for (const wchar_t* dll : Cudnn8Dlls) {
        bool ok = false;
        const std::string installed = readFile(root + L"\\bin\\" + dll, &ok);
        check(ok, "bin\\" + toUtf8(dll) + " is installed");
        check(installed == readFile(set + L"\\bin\\" + dll), "bin\\" + toUtf8(dll) + " is the archive's bytes");
    }
    for (const wchar_t* header : Cudnn8Headers)
        check(exists(root + L"\\include\\" + header), "include\\" + toUtf8(header) + " is installed");
    int libs = 0;
    for (const wchar_t* dll : Cudnn8Dlls) {
        std::wstring stem = std::wstring(dll).substr(0, std::wstring(dll).size() - 8); // cudnn_ops_infer
        for (const std::wstring& name : {stem + L".lib", stem + L"64_8.lib"}) {
            const bool there = exists(root + L"\\lib\\x64\\" + name);
            check(there, "lib\\x64\\" + toUtf8(name) + " is installed");
            libs += there;
        }
    }
    check(libs == 14, "14 import libraries in lib\\x64");
    check(!exists(root + L"\\cuda"), "no nested cuda\\ folder in the toolkit");
    check(!exists(root + L"\\bin\\cuda") && !exists(root + L"\\lib\\x64\\x64"), "no nested folders in bin or lib");
    check(readFile(root + L"\\include\\cudnn_version.h").find("#define CUDNN_MINOR 2") != std::string::npos,
          "include\\cudnn_version.h is 8.2's");

    // HKCU\Environment Path: the toolkit's bin first, still REG_EXPAND_SZ, every other entry byte-identical.
    const RegValue pathAfter = readValue(HKEY_CURRENT_USER, L"Environment", L"Path");
    note("user Path after the install: " + toUtf8(pathAfter.text()) + " (type " + std::to_string(pathAfter.type) + ")");
    check(pathAfter.type == REG_EXPAND_SZ, "the user Path is still REG_EXPAND_SZ");
    const std::wstring expected = root + L"\\bin;" + UserPath;
    check(pathAfter.text() == expected,
          "the user Path is the toolkit's bin, then the old value unchanged: got " + toUtf8(pathAfter.text()));
    check(pathAfter.bytes.size() >= 2 && pathAfter.bytes.substr(pathAfter.bytes.size() - 2) == std::string(2, '\0'),
          "the value ends with one L'\\0' as RegSetValueExW stores it");

    // The verify step: cudnn-probe.exe loaded every DLL from the toolkit's bin.
    check(contains(rep, "\"passed\":true"), "the verify section passed");
    for (const wchar_t* dll : Cudnn8Dlls)
        check(contains(rep, json(root + L"\\bin\\" + dll)), "verify loaded " + toUtf8(dll) + " from the toolkit");
    check(contains(rep, "8.2.0.53"), "the file version 8.2.0.53 is in the report");
    check(contains(rep, "\"version_text\":\"8.2.0\"") || contains(rep, "8.2.0"), "cudnnGetVersion 8200 decoded");

    // A second identical run changes nothing.
    const Tree installed = listTree(root);
    const std::wstring again = m.work + L"\\again.json";
    expectExit(m.setup(),
               L"--silent --package " + quote(seedZip(m)) + L" --report " + quote(again) + L" --no-benchmark",
               0,
               "the same install again");
    check(contains(compact(readFile(again)), "\"status\":\"unchanged\""), "the second run reports unchanged");
    checkSameTree(installed, listTree(root), "the second run");
    check(readValue(HKEY_CURRENT_USER, L"Environment", L"Path").bytes == pathAfter.bytes,
          "the second run leaves the user Path alone");

    // --uninstall: the tree and the registry value are back, byte for byte.
    const std::wstring undo = m.work + L"\\uninstall.json";
    expectExit(m.setup(), L"--silent --uninstall --report " + quote(undo), 0, "the silent uninstall");
    check(contains(compact(readFile(undo)), "\"status\":\"uninstalled\""), "the uninstall report says uninstalled");
    checkSameTree(before, listTree(root), "after --uninstall");
    const RegValue pathRestored = readValue(HKEY_CURRENT_USER, L"Environment", L"Path");
    check(pathRestored.type == pathBefore.type, "the user Path's type is back");
    check(pathRestored.bytes == pathBefore.bytes, "the user Path's bytes are back: " + toUtf8(pathRestored.text()));
    return failures;
}

/** The seed's pitfalls: a stale cudnn64_8.dll in System32, an older toolkit's bin with another cuDNN first on the
 * machine Path, and a package whose DLL needs zlibwapi.dll. */
int pitfalls(const Machine& m)
{
    standardMachine(m);
    makeToolkit(m, L"11.2", "11.2.152", "20210301");
    const std::wstring old = toolkitRoot(L"11.2") + L"\\bin\\";
    for (const wchar_t* dll : Cudnn8Dlls)
        copy(m.fixtures + L"\\cudnn-8.1.1.33\\bin\\" + dll, old + dll);
    const std::wstring stale = system32() + L"\\cudnn64_8.dll";
    copy(m.fixtures + L"\\cudnn-8.0.5.39\\bin\\cudnn64_8.dll", stale);
    // Both toolkits' installers added their bin to the machine Path; 11.2's ended up first.
    const RegValue machinePath = readValue(HKEY_LOCAL_MACHINE, MachineEnvironment, L"Path");
    const std::wstring oldBin = toolkitRoot(L"11.2") + L"\\bin";
    const std::wstring newBin = toolkitRoot(L"11.3") + L"\\bin";
    writeValue(HKEY_LOCAL_MACHINE,
               MachineEnvironment,
               L"Path",
               machinePath.type,
               oldBin + L";" + toolkitRoot(L"11.2") + L"\\libnvvp;" + newBin + L";" + machinePath.text());
    loginEnvironment();
    const std::wstring root = toolkitRoot(L"11.3");
    const std::wstring cudaRoot = L" --cuda-root " + quote(root);

    {
        note("-- detect: which cudnn64_8.dll wins, and why");
        const Run r = expectExit(m.setup(), L"--detect --json", 0, "--detect --json");
        const std::string out = compact(r.output);
        check(contains(out, json(stale)), "detect names the stale System32 copy " + toUtf8(stale));
        check(contains(out, json(old + L"cudnn64_8.dll")), "detect names the v11.2 copy on PATH");
        // Header-less copies, whose DLL names carry only the major: their versions come from the VERSIONINFO.
        check(contains(out, "\"library_version\":\"8.0.5\""), "detect gives the System32 copy's version, 8.0.5");
        check(contains(out, "\"library_version\":\"8.1.1\""), "detect gives the v11.2 copy's version, 8.1.1");
    }
    const std::wstring report = m.work + L"\\dry-run.json";
    {
        note("-- dry run: the plan says which file wins and the fix");
        const Run r = expectExit(m.setup(),
                                 L"--silent --dry-run --package " + quote(seedZip(m)) + cudaRoot + L" --report "
                                     + quote(report),
                                 0,
                                 "--dry-run");
        const std::string rep = compact(readFile(report));
        check(contains(rep, "\"status\":\"planned\""), "the dry run is planned");
        check(contains(rep, json(stale)), "the dry run names the System32 copy");
        check(contains(rep, json(old + L"cudnn64_8.dll")) || contains(rep, json(oldBin)),
              "the dry run names the v11.2 bin on the machine Path");
        check(contains(rep, "ENV-SHADOW-MACHINE") || contains(rep, "\"class\""), "a conflict is classified");
        check(contains(r.output, "System32") || contains(r.output, "system32"), "the printed plan speaks of System32");
    }
    {
        note("-- install: installed, and the report says what still wins");
        const std::wstring installReport = m.work + L"\\pitfall-install.json";
        const Run r = run(m.setup(),
                          L"--silent --package " + quote(seedZip(m)) + cudaRoot + L" --report " + quote(installReport)
                              + L" --no-benchmark");
        note("install exit " + std::to_string(r.exitCode) + "\n" + r.output);
        const std::string rep = compact(readFile(installReport));
        check(r.exitCode == 0 || r.exitCode == 6, "installed (0) or installed but flagged (6)");
        check(contains(rep, json(stale)), "the install report names the stale System32 copy");
        check(contains(rep, "\"fix\""), "with a fix");
        expectExit(m.setup(), L"--silent --uninstall" + cudaRoot, 0, "uninstall after the pitfall install");
    }
    {
        note("-- a cuDNN 8.3 package whose cudnn_cnn_infer64_8.dll needs zlibwapi.dll, which is nowhere");
        const std::wstring zip = m.fixtures + L"\\cudnn-windows-x86_64-8.3.2.44_cuda11.5-archive.zip";
        const std::wstring zlibReport = m.work + L"\\zlib.json";
        // The stale copies would hide what this case is about.
        DeleteFileW(stale.c_str());
        writeValue(HKEY_LOCAL_MACHINE, MachineEnvironment, L"Path", machinePath.type, machinePath.text());
        loginEnvironment();
        const Run r = run(m.setup(),
                          L"--silent --package " + quote(zip) + cudaRoot + L" --report " + quote(zlibReport)
                              + L" --no-benchmark");
        note("zlib install exit " + std::to_string(r.exitCode) + "\n" + r.output);
        const std::string rep = compact(readFile(zlibReport));
        check(r.exitCode == 6, "exit 6: installed, but cuDNN does not load");
        check(contains(r.output, "zlibwapi.dll"), "the printed summary names zlibwapi.dll");
        check(contains(rep, "\"subject\":\"zlibwapi.dll\""), "a diagnostic is about zlibwapi.dll");
        check(contains(rep, "cudnn_cnn_infer64_8.dll"), "and names the DLL that needs it");
    }
    return failures;
}

// ---- NVIDIA's cuDNN 9 Windows installer ----

/** cuDNN 9's DLL stems: <stem>64_9.dll. */
const wchar_t* const Cudnn9Stems[] = {L"cudnn",
                                      L"cudnn_adv",
                                      L"cudnn_cnn",
                                      L"cudnn_engines_precompiled",
                                      L"cudnn_engines_runtime_compiled",
                                      L"cudnn_graph",
                                      L"cudnn_heuristic",
                                      L"cudnn_ops"};

std::wstring installerRelease()
{
    return programFiles() + L"\\NVIDIA\\CUDNN\\v9.10";
}

/** What NVIDIA's cuDNN 9.10.2 installer leaves for each CUDA it was built for: the DLLs in bin\<CUDA M.m>\x64,
 *  the headers in include\<CUDA M.m>, the import libraries in lib\<CUDA M.m>\x64. */
void installCudnnWithNvidiaInstaller(const Machine& m)
{
    const std::wstring release = installerRelease();
    for (const std::wstring cuda : {L"12.9", L"11.8"}) {
        const std::wstring set = m.fixtures + L"\\cudnn-9.10.2.21-cuda" + cuda;
        const std::wstring bin = release + L"\\bin\\" + cuda + L"\\x64";
        const std::wstring include = release + L"\\include\\" + cuda;
        const std::wstring lib = release + L"\\lib\\" + cuda + L"\\x64";
        for (const std::wstring& folder : {bin, include, lib})
            check(makeFolders(folder), "create " + toUtf8(folder));
        for (const std::wstring stem : Cudnn9Stems) {
            copy(set + L"\\bin\\" + stem + L"64_9.dll", bin + L"\\" + stem + L"64_9.dll");
            copy(set + L"\\lib\\" + stem + L"64_9.lib", lib + L"\\" + stem + L"64_9.lib");
            copy(set + L"\\lib\\" + stem + L"64_9.lib", lib + L"\\" + stem + L".lib");
        }
        writeFile(include + L"\\cudnn_version.h",
                  "/* test double of cuDNN 9.10.2's cudnn_version.h */\r\n#ifndef CUDNN_VERSION_H_\r\n"
                  "#define CUDNN_VERSION_H_\r\n#define CUDNN_MAJOR 9\r\n#define CUDNN_MINOR 10\r\n"
                  "#define CUDNN_PATCHLEVEL 2\r\n#define CUDNN_VERSION (CUDNN_MAJOR * 10000 + CUDNN_MINOR * 100 + "
                  "CUDNN_PATCHLEVEL)\r\n#endif\r\n");
        writeFile(include + L"\\cudnn.h", "/* test double */\r\n#include \"cudnn_version.h\"\r\n");
    }
}

/** The installer's own user Path entry: its release's bin, which holds no DLL. */
const std::wstring InstallerUserPath = UserPath + L";C:\\Program Files\\NVIDIA\\CUDNN\\v9.10\\bin";

/** Where the loader finds `dll` by name in the environment a new login gets; empty when it does not. */
std::wstring loadedByName(const wchar_t* dll)
{
    loginEnvironment();
    HMODULE module = LoadLibraryW(dll);
    if (!module)
        return L"";
    wchar_t path[MAX_PATH];
    const DWORD n = GetModuleFileNameW(module, path, MAX_PATH);
    FreeLibrary(module);
    return std::wstring(path, n);
}

/** NVIDIA's cuDNN 9 installer on a CUDA 12.9 machine: its DLLs in ...\CUDNN\v9.10\bin\12.9\x64 (and 11.8\x64), its
 *  own user Path entry ...\v9.10\bin, where no DLL is. --detect names the copy and the useless entry, the repair
 *  re-points the user Path at bin\12.9\x64 (dry run first), and --uninstall gives the value back byte for byte. */
int nvidiaInstaller(const Machine& m)
{
    makeToolkit(m, L"12.9", "12.9.86", "20250506", L"toolkit-12.9");
    installDriver(m, L"driver-576");
    announceToolkit(L"12.9");
    installCudnnWithNvidiaInstaller(m);
    check(programFiles() == L"C:\\Program Files", "Program Files is C:\\Program Files: " + toUtf8(programFiles()));
    writeValue(HKEY_CURRENT_USER, L"Environment", L"Path", REG_EXPAND_SZ, InstallerUserPath);
    const std::wstring release = installerRelease();
    const std::wstring dlls = release + L"\\bin\\12.9\\x64";
    const Tree installerFiles = listTree(release);
    const RegValue pathBefore = readValue(HKEY_CURRENT_USER, L"Environment", L"Path");
    check(pathBefore.type == REG_EXPAND_SZ, "the user Path is set up as REG_EXPAND_SZ");

    // The failure people report, with wine's real loader: cuDNN is installed, yet nothing finds it by name.
    check(loadedByName(L"cudnn64_9.dll").empty(), "before the repair, cudnn64_9.dll does not load by name");

    {
        note("-- detect: the installer's copies, and why its PATH entry cannot work");
        const Run r = expectExit(m.setup(), L"--detect --json", 0, "--detect --json");
        const std::string out = compact(r.output);
        for (const std::wstring cuda : {L"12.9", L"11.8"}) {
            const std::string dir = json(release + L"\\bin\\" + cuda + L"\\x64");
            const std::size_t at = out.find("\"library_dirs\":[\"" + dir + "\"]");
            check(at != std::string::npos, "detect lists the installer's copy in " + dir);
            // A copy's keys are sorted, "complete" first.
            const std::size_t start = at == std::string::npos ? at : out.rfind("{\"complete\"", at);
            const std::string copy = jsonObjectAt(out, start);
            check(contains(copy, "\"origin\":\"nvidia-installer\""), dir + ": origin nvidia-installer: " + copy);
            check(contains(copy, "\"managed_by\":\"nvidia-installer\""), dir + ": managed by the installer");
            check(contains(copy, "\"cuda_major\":" + toUtf8(cuda.substr(0, 2))),
                  dir + ": built for CUDA " + toUtf8(cuda.substr(0, 2)));
            check(contains(copy, "\"header_version\":\"9.10.2\""), dir + ": version 9.10.2 from its header");
            check(contains(copy, "\"complete\":true"), dir + ": complete");
        }
        check(contains(out, "\"code\":\"CUDNN-INSTALLER-PATH-EMPTY\""), "diagnosis CUDNN-INSTALLER-PATH-EMPTY");
        check(contains(out, "\"subject\":\"" + json(release + L"\\bin") + "\""),
              "the finding is about the installer's PATH entry");
    }
    const std::wstring dryRun = m.work + L"\\repair-dry-run.json";
    {
        note("-- repair, dry run: the diff, nothing changed");
        // Exit 1: a dry run that found something broken (docs/repair.md).
        expectExit(m.setup(), L"--silent --repair --dry-run --report " + quote(dryRun), 1, "--repair --dry-run");
        const std::string rep = compact(readFile(dryRun));
        check(contains(rep, "\"command\":\"repair-dry-run\""), "a repair dry run's report");
        check(contains(rep, "\"status\":\"dry_run\""), "the repair section says dry_run: " + rep.substr(0, 600));
        check(contains(rep, "\"status\":\"planned\""), "the search path fix is planned");
        check(contains(rep, "-" + json(release + L"\\bin") + "\\n"), "the diff takes the installer's entry off");
        check(contains(rep, "+" + json(dlls)), "the diff adds bin\\12.9\\x64");
        const RegValue unchanged = readValue(HKEY_CURRENT_USER, L"Environment", L"Path");
        check(unchanged.type == pathBefore.type && unchanged.bytes == pathBefore.bytes,
              "the dry run leaves the user Path alone");
    }
    {
        note("-- repair: the user Path re-pointed at bin\\12.9\\x64");
        const std::wstring report = m.work + L"\\repair.json";
        expectExit(m.setup(), L"--silent --repair --report " + quote(report), 0, "--silent --repair");
        const std::string rep = compact(readFile(report));
        check(contains(rep, "\"status\":\"repaired\""), "the repair report says repaired: " + rep.substr(0, 600));
        // The analysis names the file that wins after the fix by its copy (keys sorted: environment, managed_by,
        // origin).
        check(contains(rep,
                       "\"copy\":{\"environment\":null,\"managed_by\":\"nvidia-installer\",\"origin\":"
                       "\"nvidia-installer\""),
              "the report's environment section names the winning DLLs as the installer's copy");
        const RegValue after = readValue(HKEY_CURRENT_USER, L"Environment", L"Path");
        note("user Path after the repair: " + toUtf8(after.text()) + " (type " + std::to_string(after.type) + ")");
        check(after.type == REG_EXPAND_SZ, "the user Path is still REG_EXPAND_SZ");
        const std::wstring expected = dlls + L";" + toolkitRoot(L"12.9") + L"\\bin;" + UserPath;
        check(after.text() == expected,
              "the user Path is bin\\12.9\\x64, the toolkit's bin, then the old entries as written, without "
              "the installer's own: got "
                  + toUtf8(after.text()));
        check(after.bytes.size() >= 2 && after.bytes.substr(after.bytes.size() - 2) == std::string(2, '\0'),
              "the value ends with one L'\\0' as RegSetValueExW stores it");
        for (const wchar_t* dll : {L"cudnn64_9.dll", L"cudnn_ops64_9.dll"}) {
            const std::wstring loaded = loadedByName(dll);
            check(contains(toUtf8(loaded), toUtf8(dlls + L"\\" + dll)),
                  std::string("after the repair, ") + toUtf8(dll)
                      + " loads by name from bin\\12.9\\x64: " + toUtf8(loaded));
        }
        const Run again = expectExit(m.setup(), L"--detect --json", 0, "--detect --json after the repair");
        check(!contains(again.output, "CUDNN-INSTALLER-PATH-EMPTY"), "the finding is gone after the repair");
        checkSameTree(installerFiles, listTree(release), "the installer's files after the repair");
    }
    {
        note("-- uninstall: the user Path back, byte for byte");
        const std::wstring report = m.work + L"\\uninstall.json";
        expectExit(m.setup(), L"--silent --uninstall --report " + quote(report), 0, "--silent --uninstall");
        check(contains(compact(readFile(report)), "\"status\":\"uninstalled\""),
              "the uninstall report says uninstalled: " + compact(readFile(report)).substr(0, 600));
        const RegValue restored = readValue(HKEY_CURRENT_USER, L"Environment", L"Path");
        check(restored.type == pathBefore.type, "the user Path's type is back (REG_EXPAND_SZ)");
        check(restored.bytes == pathBefore.bytes, "the user Path's bytes are back: " + toUtf8(restored.text()));
        checkSameTree(installerFiles, listTree(release), "the installer's files after the uninstall");
    }
    return failures;
}

/** Read-only target, part 1 (as the unprivileged user): the machine; the toolkit is then made root's. */
int readonlySetup(const Machine& m)
{
    standardMachine(m);
    return failures;
}

/** Read-only target, part 2: the toolkit folder belongs to root (0755); this user may not write there. */
int readonlyCheck(const Machine& m)
{
    loginEnvironment();
    const std::wstring root = toolkitRoot(L"11.3");
    check(!writeFile(root + L"\\bin\\probe-write.txt", "x"), "the toolkit's bin really refuses this user's writes");
    const Tree before = listTree(root);
    const RegValue pathBefore = readValue(HKEY_CURRENT_USER, L"Environment", L"Path");
    const std::wstring report = m.work + L"\\readonly.json";
    const Run r
        = expectExit(m.setup(),
                     L"--silent --package " + quote(seedZip(m)) + L" --report " + quote(report) + L" --no-benchmark",
                     4,
                     "install into a read-only toolkit");
    const std::string rep = compact(readFile(report));
    check(contains(rep, "\"status\":\"needs_elevation\""), "the report says needs_elevation: " + rep.substr(0, 400));
    check(contains(rep, "INSTALL-NEEDS-ELEVATION"), "diagnostic INSTALL-NEEDS-ELEVATION");
    checkSameTree(before, listTree(root), "after the refused install");
    const RegValue pathAfter = readValue(HKEY_CURRENT_USER, L"Environment", L"Path");
    check(pathAfter.type == pathBefore.type && pathAfter.bytes == pathBefore.bytes, "the user Path is untouched");
    return failures;
}

/** The installed cudnn-setup.exe runs from where it was installed: --version, and --detect with its probe beside
 *  it, on the standard machine. Returns what --version printed. */
std::string checkInstalledProgram(const std::wstring& exe)
{
    const std::wstring probe = exe.substr(0, exe.find_last_of(L'\\')) + L"\\cudnn-probe.exe";
    check(exists(probe), "cudnn-probe.exe is installed next to it");
    const Run version = expectExit(exe, L"--version", 0, "the installed --version");
    check(contains(version.output, "cudnn-setup"), "--version names the program");
    const Run found = expectExit(exe, L"--detect --json", 0, "the installed --detect --json");
    check(contains(compact(found.output), json(toolkitRoot(L"11.3"))), "the installed copy finds the toolkit");
    check(contains(found.output, "RTX 3060 Ti"), "the installed copy's probe loads the driver");
    return version.output;
}

/** The NSIS installer, silently: installs under C:\Program Files\cudnn-setup, runs, uninstalls. */
int installer(const Machine& m, const std::wstring& setupExe)
{
    standardMachine(m);
    loginEnvironment();
    const std::wstring folder = programFiles() + L"\\cudnn-setup";
    expectExit(setupExe, L"/S", 0, "the installer /S");
    std::wstring exe = folder + L"\\bin\\cudnn-setup.exe";
    if (!exists(exe))
        exe = folder + L"\\cudnn-setup.exe";
    check(exists(exe), "cudnn-setup.exe is installed under " + toUtf8(folder));
    const std::wstring probe = exe.substr(0, exe.find_last_of(L'\\')) + L"\\cudnn-probe.exe";
    checkInstalledProgram(exe);

    // The uninstaller copies itself to %TEMP% and returns at once; the copy removes the folder.
    std::wstring uninstaller;
    for (const wchar_t* name : {L"\\Uninstall.exe", L"\\uninstall.exe", L"\\Uninstaller.exe"}) {
        if (exists(folder + name))
            uninstaller = folder + name;
    }
    check(!uninstaller.empty(), "an uninstaller is in the folder");
    if (!uninstaller.empty()) {
        expectExit(uninstaller, L"/S", 0, "the uninstaller /S");
        for (int i = 0; i < 120 && exists(exe); ++i)
            Sleep(500);
    }
    check(!exists(exe), "cudnn-setup.exe is gone after the uninstall");
    check(!exists(probe), "cudnn-probe.exe is gone after the uninstall");
    return failures;
}

// ---- the MSI (installer/windows/cudnn-setup.wxs) ----

/** The MSI's product family: installer/windows/cudnn-setup.wxs. It must never change, or a newer MSI would install
 *  beside an older one instead of replacing it, and deployment tools' detection rules would stop matching. */
const wchar_t* const MsiUpgradeCode = L"{6D2B3C0E-5A4F-4C8B-9E1D-7F3A2B9C4E51}";

struct InstalledProduct
{
    std::wstring code;
    std::wstring version;
};

/** The products of the MSI's family that Windows Installer has installed on this machine. */
std::vector<InstalledProduct> installedMsiProducts()
{
    std::vector<InstalledProduct> products;
    wchar_t code[39];
    for (DWORD i = 0; MsiEnumRelatedProductsW(MsiUpgradeCode, 0, i, code) == ERROR_SUCCESS; ++i) {
        wchar_t version[64];
        DWORD size = 64;
        if (MsiGetProductInfoW(code, INSTALLPROPERTY_VERSIONSTRING, version, &size) != ERROR_SUCCESS)
            size = 0;
        products.push_back({code, std::wstring(version, size)});
    }
    return products;
}

bool registryKeyExists(HKEY root, const std::wstring& subkey)
{
    HKEY key = nullptr;
    if (RegOpenKeyExW(root, subkey.c_str(), 0, KEY_READ | KEY_WOW64_64KEY, &key) != ERROR_SUCCESS)
        return false;
    RegCloseKey(key);
    return true;
}

std::wstring knownFolder(int csidl)
{
    wchar_t buffer[MAX_PATH];
    return SHGetFolderPathW(nullptr, csidl, nullptr, SHGFP_TYPE_CURRENT, buffer) == S_OK ? buffer : L"";
}

/** The Start-menu shortcut: in the common Programs folder, as Windows puts a per-machine one; wine's msi puts it in
 *  the user's (it resolves ProgramMenuFolder before it reads ALLUSERS), so either counts. */
std::wstring startMenuShortcut()
{
    for (const int folder : {CSIDL_COMMON_PROGRAMS, CSIDL_PROGRAMS}) {
        const std::wstring link = knownFolder(folder) + L"\\cudnn-setup\\cudnn-setup.lnk";
        if (exists(link))
            return link;
    }
    return L"";
}

/** The MSI, silently: an older build (<work>\\older.msi, product-tests.sh makes it with make-msi.sh) installed,
 *  upgraded in place by this one, a downgrade refused, the program run from Program Files, then uninstalled to
 *  nothing. */
int msiPackage(const Machine& m, const std::wstring& msiFile)
{
    standardMachine(m);
    loginEnvironment();
    const std::wstring msiexec = system32() + L"\\msiexec.exe";
    const std::wstring older = m.work + L"\\older.msi";
    const std::wstring folder = programFiles() + L"\\cudnn-setup";
    const std::wstring exe = folder + L"\\cudnn-setup.exe";
    check(exists(older), "the older MSI was made for the upgrade: " + toUtf8(older));

    note("-- the older build, per machine and silent");
    expectExit(msiexec, L"/i " + quote(older) + L" /qn", 0, "msiexec /i older.msi /qn");
    const std::vector<InstalledProduct> first = installedMsiProducts();
    check(first.size() == 1, "one cudnn-setup product is installed (" + std::to_string(first.size()) + ")");
    check(exists(exe), "cudnn-setup.exe is in " + toUtf8(folder));

    note("-- this build over it: a major upgrade in place");
    expectExit(msiexec, L"/i " + quote(msiFile) + L" /qn", 0, "msiexec /i the MSI /qn over the older one");
    const std::vector<InstalledProduct> upgraded = installedMsiProducts();
    check(upgraded.size() == 1,
          "still one cudnn-setup product after the upgrade (" + std::to_string(upgraded.size()) + ")");
    if (first.size() == 1 && upgraded.size() == 1) {
        check(upgraded[0].code != first[0].code, "the older product was replaced, not kept beside the new one");
        check(!registryKeyExists(HKEY_LOCAL_MACHINE,
                                 L"Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\" + first[0].code),
              "the older product's Add/Remove Programs entry is gone");
        check(registryKeyExists(HKEY_LOCAL_MACHINE,
                                L"Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\" + upgraded[0].code),
              "the new product has its Add/Remove Programs entry");
        note("installed " + toUtf8(first[0].version) + ", upgraded to " + toUtf8(upgraded[0].version));
    }
    check(exists(exe), "cudnn-setup.exe is in " + toUtf8(folder) + " after the upgrade");
    const std::string version = checkInstalledProgram(exe);
    if (upgraded.size() == 1)
        check(contains(version, "cudnn-setup " + toUtf8(upgraded[0].version)),
              "the MSI's ProductVersion is the program's version: " + version);
    check(!startMenuShortcut().empty(), "the Start-menu shortcut cudnn-setup\\cudnn-setup.lnk is there");

    note("-- the older build again: a downgrade is refused and changes nothing");
    const Run downgrade = run(msiexec, L"/i " + quote(older) + L" /qn");
    check(downgrade.exitCode != 0, "msiexec /i older.msi over the newer one fails");
    const std::vector<InstalledProduct> kept = installedMsiProducts();
    check(kept.size() == 1 && upgraded.size() == 1 && kept[0].code == upgraded[0].code,
          "the newer product stays installed");

    note("-- uninstall, silently");
    expectExit(msiexec, L"/x " + quote(msiFile) + L" /qn", 0, "msiexec /x the MSI /qn");
    check(installedMsiProducts().empty(), "no cudnn-setup product is installed");
    check(!exists(folder), toUtf8(folder) + " is gone");
    check(startMenuShortcut().empty(), "the Start-menu shortcut is gone");
    for (const int programs : {CSIDL_COMMON_PROGRAMS, CSIDL_PROGRAMS})
        check(!exists(knownFolder(programs) + L"\\cudnn-setup"), "the Start-menu folder is gone");
    if (upgraded.size() == 1)
        check(!registryKeyExists(HKEY_LOCAL_MACHINE,
                                 L"Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\" + upgraded[0].code),
              "the Add/Remove Programs entry is gone");
    check(!registryKeyExists(HKEY_LOCAL_MACHINE, L"Software\\cudnn-setup"), "HKLM\\Software\\cudnn-setup is gone");
    return failures;
}

} // namespace

int wmain(int argc, wchar_t** argv)
{
    std::printf("wine-tests: started\n"); // scripts/wine-tests.sh tells "wine cannot run" from "tests failed" by it
    std::fflush(stdout);
    if (argc != 5) {
        std::printf(
            "usage: product-wine-test detect|install|pitfalls|nvidia-installer|readonly-setup|readonly-check|installer|"
            "msi|machine "
            "<dist or installer> <fixtures> <work>\n");
        return 2;
    }
    const std::wstring scenario = argv[1];
    const Machine m{argv[2], argv[3], argv[4]};
    if (scenario != L"installer" && scenario != L"msi" && scenario != L"readonly-setup" && scenario != L"machine")
        check(exists(m.setup()), "cudnn-setup.exe is in " + toUtf8(m.dist));
    const std::map<std::wstring, std::function<int()>> scenarios{
        {L"detect", [&] { return detect(m); }},
        {L"install", [&] { return install(m); }},
        {L"pitfalls", [&] { return pitfalls(m); }},
        {L"nvidia-installer", [&] { return nvidiaInstaller(m); }},
        {L"readonly-setup", [&] { return readonlySetup(m); }},
        {L"machine", [&] { return readonlySetup(m); }}, // the standard machine alone: the Windows screenshots
        {L"readonly-check", [&] { return readonlyCheck(m); }},
        {L"installer", [&] { return installer(m, m.dist); }},
        {L"msi", [&] { return msiPackage(m, m.dist); }},
    };
    const auto it = scenarios.find(scenario);
    if (it == scenarios.end()) {
        std::printf("unknown scenario %s\n", toUtf8(scenario).c_str());
        return 2;
    }
    it->second();
    std::printf("%s %s: %d failure(s)\n", failures ? "FAIL" : "PASS", toUtf8(scenario).c_str(), failures);
    return failures == 0 ? 0 : 1;
}
