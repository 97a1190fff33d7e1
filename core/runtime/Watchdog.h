#pragma once

#include <chrono>
#include <string>

/** A broken driver can block forever inside cuInit; the probe ends itself rather than hang its parent. */
namespace cudnnsetup::runtime {

constexpr int kWatchdogExitCode = 124; // what timeout(1) uses
constexpr std::chrono::milliseconds kDefaultWatchdogLimit{20000};

/** Why the watchdog ended the process. */
enum class WatchdogStop {
    Limit, // the whole command ran past its limit
    Stall, // no progress (watchdogProgress) for the stall limit: a call that does not return
};

/**
 * Starts a background thread that ends the process at once with kWatchdogExitCode (no destructors: the main thread
 * may be stuck in a driver) when it is still running after `limit`, or when `stall` (when not zero) passes without a
 * call of watchdogProgress(). Before it ends the process it writes one line to stderr. A zero limit and a zero stall
 * start nothing. False if the thread could not be started.
 */
bool startWatchdog(std::chrono::milliseconds limit, std::chrono::milliseconds stall = std::chrono::milliseconds{0});

/**
 * What the watchdog writes to stdout, one line, before it ends the process ("" = nothing, the default): a command's
 * report of how far it got, kept up to date as it goes, one text for each reason it may stop. Thread-safe.
 */
void setWatchdogReport(std::string onLimit, std::string onStall);

/** The command moved on: the stall limit starts again. Thread-safe. */
void watchdogProgress();

/**
 * Writes one line to stdout (and flushes), never in the middle of the watchdog's own report: progress lines that a
 * parent reads while the command runs. Thread-safe.
 */
void writeOutputLine(const std::string& line);

} // namespace cudnnsetup::runtime
