#pragma once

#include "common/Progress.h"

/**
 * Turns the ways a terminal, a service manager or a closed session stop a program (SIGTERM, SIGINT, SIGHUP; on
 * Windows Ctrl+C, Ctrl+Break, closing the console, logoff and shutdown) into the same cancellation the wizard's
 * Cancel asks for: the run rolls back what it changed and ends with its report (exit 5) instead of dying half-way.
 * SIGPIPE is ignored, so a reader that stops early (`| head`) costs only the lines it did not read. A signal
 * ignored when the process started (`nohup`) stays ignored.
 *
 * The handler only stores into the token's lock-free atomic flag, which is async-signal-safe. One per process;
 * the previous dispositions come back when it goes.
 */
class SignalCancellation
{
public:
    SignalCancellation();
    ~SignalCancellation();
    SignalCancellation(const SignalCancellation&) = delete;
    SignalCancellation& operator=(const SignalCancellation&) = delete;

    /** Canceled once one of the signals arrived; the engine checks it between blocks and steps. */
    CancellationToken token() const { return m_token; }

private:
    CancellationToken m_token;
};
