#pragma once

#include <cstddef>
#include <cstdint>

/**
 * The one function each fuzz target defines, libFuzzer's entry point. Under libFuzzer (scripts/fuzz.sh) it is
 * called with generated inputs; in the normal build FuzzReplay.cpp calls it over the committed seeds and every
 * stored finding, so each finding stays a regression test. It returns 0; a broken property calls
 * FuzzTarget::violated(), which aborts so that both drivers report the input.
 */
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace FuzzTarget {
[[noreturn]] void violated(const char* what);
} // namespace FuzzTarget
