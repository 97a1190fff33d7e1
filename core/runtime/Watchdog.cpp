#include "runtime/Watchdog.h"

#include <cstdio>
#include <cstdlib>
#include <system_error>
#include <thread>

namespace cudnnsetup::runtime {

bool startWatchdog(std::chrono::milliseconds limit)
{
    if (limit.count() <= 0) {
        return true;
    }
    try {
        std::thread([limit] {
            std::this_thread::sleep_for(limit);
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
