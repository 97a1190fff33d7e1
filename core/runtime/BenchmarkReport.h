#pragma once

#include "runtime/BenchmarkResult.h"

#include <chrono>
#include <string>

/** The benchmark's stdout: one JSON object, documented in docs/benchmark.md. */
namespace cudnnsetup::runtime {

/** {"probe":{...},"benchmark":{...},"libraries":{...},"gpu":{...}|null,"cases":[...],"verdict":{...}} */
std::string benchmarkReportJson(const BenchmarkResult& result);

/**
 * The same report for a run the watchdog ends: what was measured so far, and verdict BENCH-TIMEOUT naming what the
 * benchmark was doing when `limit` ran out.
 */
std::string
benchmarkTimeoutJson(const BenchmarkResult& soFar, const std::string& activity, std::chrono::milliseconds limit);

} // namespace cudnnsetup::runtime
