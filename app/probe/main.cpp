// cudnn-probe: argument parsing and dispatch only. The contract (arguments, JSON, exit codes) is docs/probe.md.
#include "runtime/CudnnQuery.h"
#include "runtime/DriverQuery.h"
#include "runtime/Platform.h"
#include "runtime/ProbeReport.h"
#include "runtime/Watchdog.h"

#include <charconv>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using namespace cudnnsetup::runtime;

namespace {

constexpr int kExitRan = 0;
constexpr int kExitUsage = 2;

const char kUsage[] = R"(Usage: cudnn-probe [--timeout-ms N] <command> [options]

Loads NVIDIA libraries by bare name, the way a user's program would, and prints one JSON object on stdout.
Exit code 0 whenever the probe ran (findings are in the JSON), 2 for a usage error, 124 when the watchdog fired.

Commands:
  driver                   CUDA driver (libcuda.so.1 / nvcuda.dll), NVML driver version, GPUs
  cudnn [--library NAME]   cuDNN version and the CUDA runtime it was built for. NAME is a bare name or a path;
                           repeat --library to try several in order. Default: libcudnn.so.9, .so.8, .so.7,
                           libcudnn.so (Windows: cudnn64_9.dll, cudnn64_8.dll, cudnn64_7.dll)

Options:
  --timeout-ms N           end with exit code 124 after N milliseconds (default 20000, 0 = never)
  --help                   this text
  --version                the probe's version
)";

enum class Command { None, Help, Version, Driver, Cudnn };

struct CommandLine
{
    Command command = Command::None;
    std::vector<std::string> libraries;
    std::chrono::milliseconds timeout = kDefaultWatchdogLimit;
};

bool parseMilliseconds(const std::string& text, std::chrono::milliseconds& out)
{
    long long value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || stop != end || value < 0) {
        return false;
    }
    out = std::chrono::milliseconds(value);
    return true;
}

/** Fills `line`; on a usage error returns false with the reason in `error`. */
bool parse(const std::vector<std::string>& arguments, CommandLine& line, std::string& error)
{
    for (std::size_t i = 1; i < arguments.size(); ++i) {
        const std::string& argument = arguments[i];
        const bool hasValue = i + 1 < arguments.size();
        if (argument == "--help" || argument == "-h") {
            line.command = Command::Help;
            return true;
        } else if (argument == "--version") {
            line.command = Command::Version;
            return true;
        } else if (argument == "--timeout-ms") {
            if (!hasValue || !parseMilliseconds(arguments[++i], line.timeout)) {
                error = "--timeout-ms needs a whole number of milliseconds";
                return false;
            }
        } else if (argument == "--library") {
            if (!hasValue) {
                error = "--library needs a library name or path";
                return false;
            }
            line.libraries.push_back(arguments[++i]);
        } else if (line.command == Command::None && (argument == "driver" || argument == "cudnn")) {
            line.command = argument == "driver" ? Command::Driver : Command::Cudnn;
        } else {
            error = "unexpected argument '" + argument + "'";
            return false;
        }
    }
    if (line.command == Command::None) {
        error = "no command given";
        return false;
    }
    if (!line.libraries.empty() && line.command != Command::Cudnn) {
        error = "--library belongs to the cudnn command";
        return false;
    }
    return true;
}

void printJson(const std::string& json)
{
    std::fputs(json.c_str(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv)
{
    suppressLoaderErrorDialogs();
    CommandLine line;
    std::string error;
    if (!parse(utf8Arguments(argc, argv), line, error)) {
        std::fprintf(stderr, "cudnn-probe: %s\nTry 'cudnn-probe --help'.\n", error.c_str());
        return kExitUsage;
    }
    switch (line.command) {
    case Command::Help:
        std::fputs(kUsage, stdout);
        return kExitRan;
    case Command::Version:
        std::printf("cudnn-probe %s (JSON version %d)\n", CUDNN_SETUP_PROBE_VERSION, kProbeJsonVersion);
        return kExitRan;
    case Command::Driver:
    case Command::Cudnn:
        break;
    case Command::None:
        return kExitUsage;
    }

    if (!startWatchdog(line.timeout)) {
        std::fputs("cudnn-probe: could not start the watchdog thread; running without a time limit\n", stderr);
    }
    if (line.command == Command::Driver) {
        printJson(driverReportJson(queryDriver()));
    } else {
        printJson(cudnnReportJson(line.libraries.empty() ? queryCudnn() : queryCudnn(line.libraries)));
    }
    return kExitRan;
}
