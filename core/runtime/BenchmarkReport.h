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

/**
 * The same for a run the watchdog ends because it made no progress for `stall`: verdict BENCH-TIMEOUT naming the
 * step that did not return.
 */
std::string
benchmarkStallJson(const BenchmarkResult& soFar, const std::string& activity, std::chrono::milliseconds stall);

/**
 * One progress line of `benchmark --progress` (docs/probe.md), before the report: a case starts
 * ({"event":"case_started","index","count","name","gpu"}) or has finished ({"event":"case_finished","index","count",
 * "name","case":{...as in "cases"}}), `index` counting from 0 of `count`.
 */
std::string benchmarkProgressJson(const BenchmarkResult& soFar, std::size_t index, std::size_t count, bool finished);

} // namespace cudnnsetup::runtime
