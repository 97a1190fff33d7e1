#include "SignalCancellation.h"

#ifdef Q_OS_WIN
#include <windows.h>
#else
#include <csignal>
#endif

namespace {

const CancellationToken* g_token = nullptr; // set while a SignalCancellation lives

#ifdef Q_OS_WIN

BOOL WINAPI onConsoleEvent(DWORD event)
{
    switch (event) {
    case CTRL_C_EVENT:
    case CTRL_BREAK_EVENT:
        if (g_token)
            g_token->cancel();
        return TRUE; // handled: the process is not ended, the run rolls back and returns
    case CTRL_CLOSE_EVENT:
    case CTRL_LOGOFF_EVENT:
    case CTRL_SHUTDOWN_EVENT:
        if (g_token)
            g_token->cancel();
        // Windows ends the process once this returns: hold it here, on the handler's own thread, while the main
        // thread rolls back and exits (which ends this thread too), within the system's few seconds.
        Sleep(INFINITE);
        return TRUE;
    default:
        return FALSE;
    }
}

#else

constexpr int Cancelling[] = {SIGTERM, SIGINT, SIGHUP};
struct sigaction g_previous[3];
struct sigaction g_previousPipe;

extern "C" void onCancelSignal(int)
{
    if (g_token)
        g_token->cancel(); // a store into a lock-free std::atomic<bool>
}

#endif

} // namespace

static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler may only touch a lock-free atomic");

SignalCancellation::SignalCancellation()
{
    g_token = &m_token;
#ifdef Q_OS_WIN
    SetConsoleCtrlHandler(onConsoleEvent, TRUE);
#else
    struct sigaction cancel = {};
    cancel.sa_handler = onCancelSignal;
    sigemptyset(&cancel.sa_mask);
    cancel.sa_flags = SA_RESTART; // a read or write in progress goes on; the flag is seen at the next check
    for (int i = 0; i < 3; ++i) {
        sigaction(Cancelling[i], nullptr, &g_previous[i]);
        // A signal ignored from the start stays ignored: `nohup cudnn-setup ...` must survive its terminal.
        if (g_previous[i].sa_handler != SIG_IGN)
            sigaction(Cancelling[i], &cancel, nullptr);
    }
    struct sigaction ignore = {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, &g_previousPipe);
#endif
}

SignalCancellation::~SignalCancellation()
{
#ifdef Q_OS_WIN
    SetConsoleCtrlHandler(onConsoleEvent, FALSE);
#else
    for (int i = 0; i < 3; ++i)
        sigaction(Cancelling[i], &g_previous[i], nullptr);
    sigaction(SIGPIPE, &g_previousPipe, nullptr);
#endif
    g_token = nullptr;
}
