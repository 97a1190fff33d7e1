#pragma once

#include "runtime/CudnnVerify.h"

#include <string>

/** `cudnn-probe verify`'s stdout: {"probe":{...},"verify":{...}} (docs/probe.md). */
namespace cudnnsetup::runtime {

std::string verifyReportJson(const VerifyFacts& facts);

} // namespace cudnnsetup::runtime
