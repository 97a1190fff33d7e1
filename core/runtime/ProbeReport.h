#pragma once

#include "runtime/CudnnQuery.h"
#include "runtime/DriverQuery.h"

#include <string>

/**
 * The probe's stdout: one JSON object per run, documented in docs/probe.md. Numbers nobody could measure are
 * null; strings nobody could read are "".
 */
namespace cudnnsetup::runtime {

/** `probe.version`: bumped only when a field changes meaning or goes away. */
constexpr int kProbeJsonVersion = 1;

class JsonWriter;

/** The `"probe":{"version":1,"platform":"linux"}` member every command's report starts with. */
void writeProbeHeader(JsonWriter& json);

/** {"probe":{...},"driver":{...},"gpus":[...]} */
std::string driverReportJson(const DriverFacts& facts);

/** {"probe":{...},"cudnn":{...}} */
std::string cudnnReportJson(const CudnnFacts& facts);

} // namespace cudnnsetup::runtime
