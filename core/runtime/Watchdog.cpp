#include "runtime/Watchdog.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <system_error>
#include <thread>

namespace cudnnsetup::runtime {

namespace {

std::mutex reportMutex;
std::string reportText; // guarded by reportMutex

} // namespace

void setWatchdogReport(std::string text)
{
    const std::lock_guard<std::mutex> lock(reportMutex);
    reportText = std::move(text);
}

bool startWatchdog(std::chrono::milliseconds limit)
{
    if (limit.count() <= 0) {
        return true;
    }
    try {
        std::thread([limit] {
            std::this_thread::sleep_for(limit);
            {
                const std::lock_guard<std::mutex> lock(reportMutex);
                if (!reportText.empty()) {
                    std::fputs(reportText.c_str(), stdout);
                    std::fputc('\n', stdout);
                    std::fflush(stdout);
                }
            }
            std::fprintf(
                stderr, "cudnn-probe: gave up after %lld ms (watchdog)\n", static_cast<long long>(limit.count()));
            std::fflush(stderr);
            std::_Exit(kWatchdogExitCode);
        }).detach();
    } catch (const std::system_error&) {
        return false;
    }
    return true;
}

} // namespace cudnnsetup::runtime
