#pragma once

#include <chrono>
#include <string>

/** A broken driver can block forever inside cuInit; the probe ends itself rather than hang its parent. */
namespace cudnnsetup::runtime {

constexpr int kWatchdogExitCode = 124; // what timeout(1) uses
constexpr std::chrono::milliseconds kDefaultWatchdogLimit{20000};

/**
 * Starts a background thread that, if the process is still running after `limit`, writes one line to stderr and
 * ends the process at once with kWatchdogExitCode (no destructors: the main thread may be stuck in a driver).
 * A zero limit starts nothing. False if the thread could not be started.
 */
bool startWatchdog(std::chrono::milliseconds limit);

/**
 * One line the watchdog writes to stdout before it ends the process ("" = nothing, the default): a command's report
 * of how far it got, kept up to date as it goes. Thread-safe.
 */
void setWatchdogReport(std::string report);

} // namespace cudnnsetup::runtime
