#pragma once

#include <cstdint>
#include <cstring>

/**
 * IEEE 754 binary16 <-> binary32 on the host, for FP16 tensors and for the CPU reference that must see exactly the
 * values the GPU sees. Round to nearest even; subnormals, infinities and NaN kept. Header-only so the test fakes can
 * use it too.
 */
namespace cudnnsetup::runtime {

inline std::uint16_t floatToHalf(float value)
{
    std::uint32_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    const auto sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000u);
    const std::uint32_t magnitude = bits & 0x7FFFFFFFu;
    if (magnitude >= 0x7F800000u) { // infinity or NaN (NaN keeps a quiet payload bit)
        return static_cast<std::uint16_t>(sign | 0x7C00u | (magnitude > 0x7F800000u ? 0x0200u : 0u));
    }
    if (magnitude >= 0x477FF000u) { // rounds to 65520 or more: overflow
        return static_cast<std::uint16_t>(sign | 0x7C00u);
    }
    if (magnitude < 0x38800000u) { // below the smallest normal half: subnormal or zero
        if (magnitude < 0x33000000u) { // below half the smallest subnormal: zero
            return sign;
        }
        const std::uint32_t exponent = magnitude >> 23;
        const std::uint32_t mantissa = (magnitude & 0x007FFFFFu) | 0x00800000u;
        const std::uint32_t shift = 126u - exponent; // 14..24
        std::uint32_t half = mantissa >> shift;
        const std::uint32_t rest = mantissa & ((1u << shift) - 1u);
        const std::uint32_t halfway = 1u << (shift - 1u);
        if (rest > halfway || (rest == halfway && (half & 1u))) {
            ++half;
        }
        return static_cast<std::uint16_t>(sign | half);
    }
    std::uint32_t half = ((magnitude >> 13) - (112u << 10)); // rebias the exponent 127 -> 15
    const std::uint32_t rest = magnitude & 0x1FFFu;
    if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) {
        ++half; // may carry into the exponent, which is still correct
    }
    return static_cast<std::uint16_t>(sign | half);
}

inline float halfToFloat(std::uint16_t half)
{
    const std::uint32_t sign = std::uint32_t(half & 0x8000u) << 16;
    const std::uint32_t exponent = (half >> 10) & 0x1Fu;
    std::uint32_t mantissa = half & 0x03FFu;
    std::uint32_t bits = 0;
    if (exponent == 0x1Fu) {
        bits = sign | 0x7F800000u | (mantissa << 13);
    } else if (exponent != 0) {
        bits = sign | ((exponent + 112u) << 23) | (mantissa << 13);
    } else if (mantissa == 0) {
        bits = sign;
    } else { // subnormal: normalise
        std::uint32_t e = 113u;
        while ((mantissa & 0x0400u) == 0) {
            mantissa <<= 1;
            --e;
        }
        bits = sign | (e << 23) | ((mantissa & 0x03FFu) << 13);
    }
    float value = 0;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

/** The float a half stores for `value`: what an FP16 tensor holds after conversion. */
inline float roundToHalf(float value)
{
    return halfToFloat(floatToHalf(value));
}

} // namespace cudnnsetup::runtime
