// cudnn-probe: argument parsing and dispatch only. The contract (arguments, JSON, exit codes) is docs/probe.md.
#include "runtime/Benchmark.h"
#include "runtime/BenchmarkReport.h"
#include "runtime/CudnnQuery.h"
#include "runtime/CudnnVerify.h"
#include "runtime/DriverQuery.h"
#include "runtime/Platform.h"
#include "runtime/ProbeReport.h"
#include "runtime/VerifyReport.h"
#include "runtime/Watchdog.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

using namespace cudnnsetup::runtime;

namespace {

constexpr int kExitRan = 0;
constexpr int kExitUsage = 2;
// Loading every cuDNN 9 sub-library maps about 500 MB; a cold disk needs more than the default 20 s.
constexpr std::chrono::milliseconds kVerifyWatchdogLimit{60000};

const char kUsage[] = R"(Usage: cudnn-probe [--timeout-ms N] <command> [options]

Loads NVIDIA libraries by bare name, the way a user's program would, and prints one JSON object on stdout.
Exit code 0 whenever the probe ran (findings are in the JSON), 2 for a usage error, 124 when the watchdog fired.

Commands:
  driver                   CUDA driver (libcuda.so.1 / nvcuda.dll), NVML driver version, GPUs
  cudnn [--library NAME]   cuDNN version and the CUDA runtime it was built for. NAME is a bare name or a path;
                           repeat --library to try several in order. Default: libcudnn.so.9, .so.8, .so.7,
                           libcudnn.so (Windows: cudnn64_9.dll, cudnn64_8.dll, cudnn64_7.dll)
  verify [--library NAME] [--header FILE]
                           what really loads: the main cuDNN library, then every sub-library of its major by
                           bare name, each with the file that loaded, its version and the loader's error; header,
                           file and cudnnGetVersion() versions compared; missing dependencies found by a static
                           walk of the libraries that failed (docs/probe.md, docs/verify.md)
    --header FILE          cudnn_version.h (cudnn.h for cuDNN 7) whose version must match
  benchmark [options]      convolutions on the GPU through cuDNN against the same on the CPU: speed, correctness
                           and a verdict (docs/benchmark.md)
    --cudnn NAME           cuDNN to load (repeatable, tried in order; default as for the cudnn command)
    --cudart NAME          CUDA runtime to load (repeatable; default: the one cuDNN was built for, then
                           libcudart.so.13, .so.12, .so.11.0)
    --driver NAME          CUDA driver library (default libcuda.so.1 / nvcuda.dll)
    --device N             GPU ordinal (default 0)
    --quick                small batches and few runs (tests); the verdict thresholds stay the same
    --cpu-baseline KIND    what the CPU side is timed with: onednn (default; the reference where oneDNN's
                           libdnnl.so.2 / dnnl.dll does not load) or reference (docs/benchmark.md)
    --progress             before the report, one JSON line as each case starts and as it finishes
    --stall-ms N           end with exit code 124 when no step has moved on for N milliseconds (a call that
                           does not return; default 0 = only --timeout-ms)

Options:
  --timeout-ms N           end with exit code 124 after N milliseconds (default 20000, verify 60000,
                           benchmark 300000, 0 = never)
  --help                   this text
  --version                the probe's version
)";

enum class Command { None, Help, Version, Driver, Cudnn, Verify, Benchmark };

struct CommandLine
{
    Command command = Command::None;
    std::vector<std::string> libraries;
    std::string header; // verify --header
    std::optional<std::chrono::milliseconds> timeout; // the command's default when absent
    BenchmarkOptions benchmark;
    bool progress = false; // benchmark --progress
    std::chrono::milliseconds stall{0}; // benchmark --stall-ms
    std::vector<std::string> benchmarkOptionsGiven; // to reject them with another command
};

bool parseWholeNumber(const std::string& text, long long& out)
{
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, out);
    return !text.empty() && error == std::errc() && stop == end && out >= 0;
}

enum class OptionParse { NotThisOption, Parsed, Invalid };

/** One of the benchmark's own options at arguments[i], moving i past its value; Invalid sets `error`. */
OptionParse
parseBenchmarkOption(const std::vector<std::string>& arguments, std::size_t& i, CommandLine& line, std::string& error)
{
    const std::string& argument = arguments[i];
    const bool hasValue = i + 1 < arguments.size();
    BenchmarkOptions& options = line.benchmark;
    if (argument == "--quick") {
        options.quick = true;
    } else if (argument == "--progress") {
        line.progress = true;
    } else if (argument == "--stall-ms") {
        long long milliseconds = 0;
        if (!hasValue || !parseWholeNumber(arguments[++i], milliseconds)) {
            error = "--stall-ms needs a whole number of milliseconds";
            return OptionParse::Invalid;
        }
        line.stall = std::chrono::milliseconds(milliseconds);
    } else if (argument == "--cpu-baseline") {
        if (!hasValue || (arguments[i + 1] != "onednn" && arguments[i + 1] != "reference")) {
            error = "--cpu-baseline takes onednn or reference";
            return OptionParse::Invalid;
        }
        options.onednn = arguments[++i] == "onednn";
    } else if (argument == "--cudnn" || argument == "--cudart" || argument == "--driver") {
        if (!hasValue) {
            error = argument + " needs a library name or path";
            return OptionParse::Invalid;
        }
        const std::string& value = arguments[++i];
        if (argument == "--driver") {
            options.driver.cuda = value;
        } else {
            std::vector<std::string>& list = argument == "--cudnn" ? options.cudnn : options.cudart;
            if (std::find(line.benchmarkOptionsGiven.begin(), line.benchmarkOptionsGiven.end(), argument)
                == line.benchmarkOptionsGiven.end()) {
                list.clear(); // the first one given replaces the defaults
            }
            list.push_back(value);
        }
    } else if (argument == "--device") {
        long long device = 0;
        if (!hasValue || !parseWholeNumber(arguments[++i], device) || device > 1024) {
            error = "--device needs a GPU ordinal (0, 1, ...)";
            return OptionParse::Invalid;
        }
        options.device = static_cast<int>(device);
    } else {
        return OptionParse::NotThisOption;
    }
    line.benchmarkOptionsGiven.push_back(argument);
    return OptionParse::Parsed;
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
            long long milliseconds = 0;
            if (!hasValue || !parseWholeNumber(arguments[++i], milliseconds)) {
                error = "--timeout-ms needs a whole number of milliseconds";
                return false;
            }
            line.timeout = std::chrono::milliseconds(milliseconds);
        } else if (const OptionParse parsed = parseBenchmarkOption(arguments, i, line, error);
                   parsed != OptionParse::NotThisOption) {
            if (parsed == OptionParse::Invalid) {
                return false;
            }
        } else if (argument == "--library") {
            if (!hasValue) {
                error = "--library needs a library name or path";
                return false;
            }
            line.libraries.push_back(arguments[++i]);
        } else if (argument == "--header") {
            if (!hasValue) {
                error = "--header needs a file (cudnn_version.h)";
                return false;
            }
            line.header = arguments[++i];
        } else if (line.command == Command::None && argument == "driver") {
            line.command = Command::Driver;
        } else if (line.command == Command::None && argument == "cudnn") {
            line.command = Command::Cudnn;
        } else if (line.command == Command::None && argument == "verify") {
            line.command = Command::Verify;
        } else if (line.command == Command::None && argument == "benchmark") {
            line.command = Command::Benchmark;
        } else {
            error = "unexpected argument '" + argument + "'";
            return false;
        }
    }
    if (line.command == Command::None) {
        error = "no command given";
        return false;
    }
    if (!line.libraries.empty() && line.command != Command::Cudnn && line.command != Command::Verify) {
        error = "--library belongs to the cudnn and verify commands";
        return false;
    }
    if (!line.header.empty() && line.command != Command::Verify) {
        error = "--header belongs to the verify command";
        return false;
    }
    if (!line.benchmarkOptionsGiven.empty() && line.command != Command::Benchmark) {
        error = line.benchmarkOptionsGiven.front() + " belongs to the benchmark command";
        return false;
    }
    return true;
}

void printJson(const std::string& json)
{
    writeOutputLine(json); // never in the middle of the watchdog's report
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
    case Command::Verify:
    case Command::Benchmark:
        break;
    case Command::None:
        return kExitUsage;
    }

    const std::chrono::milliseconds timeout
        = line.timeout.value_or(line.command == Command::Benchmark    ? kBenchmarkWatchdogLimit
                                    : line.command == Command::Verify ? kVerifyWatchdogLimit
                                                                      : kDefaultWatchdogLimit);
    if (!startWatchdog(timeout, line.stall)) {
        std::fputs("cudnn-probe: could not start the watchdog thread; running without a time limit\n", stderr);
    }
    switch (line.command) {
    case Command::Driver:
        printJson(driverReportJson(queryDriver()));
        break;
    case Command::Cudnn:
        printJson(cudnnReportJson(line.libraries.empty() ? queryCudnn() : queryCudnn(line.libraries)));
        break;
    case Command::Verify:
        printJson(verifyReportJson(verifyCudnn({line.libraries, line.header})));
        break;
    case Command::Benchmark: {
        // Should a library call never return, the watchdog prints how far the run got instead of nothing.
        // A step that starts is progress: the stall limit judges one step, never the whole run.
        line.benchmark.onActivity
            = [timeout, stall = line.stall](const BenchmarkResult& soFar, const std::string& activity) {
                  setWatchdogReport(benchmarkTimeoutJson(soFar, activity, timeout),
                                    stall.count() > 0 ? benchmarkStallJson(soFar, activity, stall) : std::string());
                  watchdogProgress();
              };
        if (line.progress) {
            line.benchmark.onCase
                = [](const BenchmarkResult& soFar, std::size_t index, std::size_t count, bool finished) {
                      writeOutputLine(benchmarkProgressJson(soFar, index, count, finished));
                  };
        }
        const BenchmarkResult result = runBenchmark(line.benchmark);
        setWatchdogReport({}, {});
        printJson(benchmarkReportJson(result));
        break;
    }
    case Command::None:
    case Command::Help:
    case Command::Version:
        break;
    }
    return kExitRan;
}
