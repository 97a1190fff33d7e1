#include "runtime/Watchdog.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <system_error>
#include <thread>

namespace cudnnsetup::runtime {

namespace {

using Clock = std::chrono::steady_clock;

std::mutex outputMutex; // stdout: progress lines and the watchdog's report, one whole line at a time
std::string limitReport; // guarded by outputMutex
std::string stallReport; // guarded by outputMutex
std::atomic<Clock::rep> lastProgress{Clock::now().time_since_epoch().count()};

[[noreturn]] void endProcess(WatchdogStop why, std::chrono::milliseconds limit)
{
    {
        const std::lock_guard<std::mutex> lock(outputMutex);
        const std::string& report = why == WatchdogStop::Stall ? stallReport : limitReport;
        if (!report.empty()) {
            std::fputs(report.c_str(), stdout);
            std::fputc('\n', stdout);
            std::fflush(stdout);
        }
    }
    std::fprintf(stderr,
                 why == WatchdogStop::Stall ? "cudnn-probe: no progress for %lld ms (watchdog)\n"
                                            : "cudnn-probe: gave up after %lld ms (watchdog)\n",
                 static_cast<long long>(limit.count()));
    std::fflush(stderr);
    std::_Exit(kWatchdogExitCode);
}

} // namespace

void setWatchdogReport(std::string onLimit, std::string onStall)
{
    const std::lock_guard<std::mutex> lock(outputMutex);
    limitReport = std::move(onLimit);
    stallReport = std::move(onStall);
}

void watchdogProgress()
{
    lastProgress = Clock::now().time_since_epoch().count();
}

void writeOutputLine(const std::string& line)
{
    const std::lock_guard<std::mutex> lock(outputMutex);
    std::fputs(line.c_str(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

bool startWatchdog(std::chrono::milliseconds limit, std::chrono::milliseconds stall)
{
    if (limit.count() <= 0 && stall.count() <= 0) {
        return true;
    }
    watchdogProgress();
    try {
        std::thread([limit, stall] {
            const Clock::time_point start = Clock::now();
            for (;;) {
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
                const Clock::time_point now = Clock::now();
                if (limit.count() > 0 && now - start >= limit) {
                    endProcess(WatchdogStop::Limit, limit);
                }
                const Clock::time_point progressed{Clock::duration(lastProgress.load())};
                if (stall.count() > 0 && now - progressed >= stall) {
                    endProcess(WatchdogStop::Stall, stall);
                }
            }
        }).detach();
    } catch (const std::system_error&) {
        return false;
    }
    return true;
}

} // namespace cudnnsetup::runtime
