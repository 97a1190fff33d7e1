// The Windows side of elevation, kept in one file: ShellExecuteExW "runas" (what Qt IFW's AdminAuthorization does),
// waiting on the process handle, and whether this process already holds an elevated token.
#include "ElevationLauncher.h"

#ifdef Q_OS_WIN
#include "ElevationRequest.h"

#include <QDir>
// shellapi.h needs windows.h first.
// clang-format off
#include <windows.h>
#include <shellapi.h>
// clang-format on

namespace {

/** UAC is off (EnableLUA=0): "runas" then starts the program with this user's own, unelevated token. */
bool uacDisabled()
{
    DWORD value = 1;
    DWORD size = sizeof value;
    const LSTATUS status = RegGetValueW(HKEY_LOCAL_MACHINE,
                                        L"SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\System",
                                        L"EnableLUA",
                                        RRF_RT_REG_DWORD,
                                        nullptr,
                                        &value,
                                        &size);
    return status == ERROR_SUCCESS && value == 0;
}

class RunasLauncher final : public ElevationLauncher
{
public:
    LaunchResult
    run(const QString& program, const QStringList& arguments, const std::function<void()>& whileWaiting) const override
    {
        LaunchResult result;
        if (uacDisabled() && !runsElevated()) {
            result.status = LaunchResult::Status::ElevationDisabled;
            return result;
        }
        QStringList quoted;
        for (const QString& argument : arguments)
            quoted.append(windowsQuoted(argument));
        const std::wstring file = QDir::toNativeSeparators(program).toStdWString();
        const std::wstring parameters = quoted.join(QLatin1Char(' ')).toStdWString();

        SHELLEXECUTEINFOW info = {};
        info.cbSize = sizeof info;
        info.fMask = SEE_MASK_NOCLOSEPROCESS | SEE_MASK_NOASYNC | SEE_MASK_FLAG_NO_UI;
        info.lpVerb = L"runas";
        info.lpFile = file.c_str();
        info.lpParameters = parameters.c_str();
        info.nShow = SW_HIDE;
        if (!ShellExecuteExW(&info)) {
            const DWORD error = GetLastError();
            result.status
                = error == ERROR_CANCELLED ? LaunchResult::Status::Declined : LaunchResult::Status::FailedToStart;
            result.detail = QStringLiteral("ShellExecuteExW: error %1").arg(error);
            return result;
        }
        if (!info.hProcess) { // no process handle: nothing to wait on or read an exit code from
            result.detail = QStringLiteral("ShellExecuteExW returned no process handle");
            return result;
        }
        while (WaitForSingleObject(info.hProcess, 100) == WAIT_TIMEOUT) {
            if (whileWaiting)
                whileWaiting();
        }
        DWORD code = 0;
        if (GetExitCodeProcess(info.hProcess, &code)) {
            result.status = LaunchResult::Status::Finished;
            result.exitCode = int(code);
        } else {
            result.detail = QStringLiteral("GetExitCodeProcess: error %1").arg(GetLastError());
        }
        CloseHandle(info.hProcess);
        return result;
    }
};

} // namespace

std::unique_ptr<ElevationLauncher> makeRunasLauncher()
{
    return std::make_unique<RunasLauncher>();
}

bool runsElevated()
{
    HANDLE token = nullptr;
    if (!OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &token))
        return false;
    TOKEN_ELEVATION elevation = {};
    DWORD size = 0;
    const bool elevated
        = GetTokenInformation(token, TokenElevation, &elevation, sizeof elevation, &size) && elevation.TokenIsElevated;
    CloseHandle(token);
    return elevated;
}

#endif // Q_OS_WIN
