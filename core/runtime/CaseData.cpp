#include "runtime/CaseData.h"

#include "runtime/HalfFloat.h"

#include <cmath>

namespace cudnnsetup::runtime {

namespace {

/** xorshift64*: fast, reproducible across platforms (std::uniform_real_distribution is not). */
class Random
{
public:
    explicit Random(std::uint64_t seed)
        : m_state(seed ? seed : 0x9E3779B97F4A7C15ull)
    {
    }
    /** Uniform in [-1, 1). */
    float next()
    {
        m_state ^= m_state >> 12;
        m_state ^= m_state << 25;
        m_state ^= m_state >> 27;
        const std::uint64_t bits = m_state * 0x2545F4914F6CDD1Dull;
        return static_cast<float>(static_cast<double>(bits >> 40) / double(1ull << 23) - 1.0);
    }

private:
    std::uint64_t m_state;
};

void fill(std::vector<float>& values, std::size_t count, Random& random, float scale, bool half)
{
    values.resize(count);
    for (float& value : values) {
        value = random.next() * scale;
        if (half) {
            value = roundToHalf(value);
        }
    }
}

} // namespace

CaseData makeCaseData(const BenchmarkCase& benchCase, int batch, std::uint64_t seed)
{
    CaseData data;
    if (benchCase.layers.empty()) {
        return data;
    }
    const bool half = benchCase.precision == Precision::Fp16;
    Random random(seed);
    fill(data.input, benchCase.layers.front().withBatch(batch).inputElements(), random, 1.0f, half);
    for (const ConvShape& layer : benchCase.layers) {
        const float scale = std::sqrt(3.0f / static_cast<float>(layer.c * layer.r * layer.s));
        data.filters.emplace_back();
        fill(data.filters.back(), layer.filterElements(), random, scale, half);
    }
    return data;
}

std::vector<std::uint16_t> toHalf(const std::vector<float>& values)
{
    std::vector<std::uint16_t> bits(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        bits[i] = floatToHalf(values[i]);
    }
    return bits;
}

} // namespace cudnnsetup::runtime
