#include "runtime/CpuBaseline.h"

#include "runtime/CpuConvolution.h"
#include "runtime/OneDnnConvolution.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace cudnnsetup::runtime {

namespace {

/** Every layer for images [first, first + count); returns the last layer's output. */
std::vector<float>
runLayers(const BenchmarkCase& benchCase, const CaseData& data, int first, int count, unsigned threads)
{
    const ConvShape& front = benchCase.layers.front();
    const std::size_t imageElements = front.withBatch(1).inputElements();
    std::vector<float> input(data.input.begin() + static_cast<std::ptrdiff_t>(imageElements * first),
                             data.input.begin() + static_cast<std::ptrdiff_t>(imageElements * (first + count)));
    for (std::size_t i = 0; i < benchCase.layers.size(); ++i) {
        const ConvShape shape = benchCase.layers[i].withBatch(count);
        std::vector<float> output(shape.outputElements());
        convolveOnCpu(shape, benchCase.layout, input.data(), data.filters[i].data(), output.data(), threads);
        input = std::move(output);
    }
    return input;
}

double millisecondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

/** oneDNN's output may differ from the reference's by summation order only. */
constexpr double kOneDnnAgreement = 1e-3;

/**
 * The first `count` images through oneDNN, every layer's primitive made beforehand (not timed): the milliseconds
 * of the second of two passes, or a negative number when oneDNN refused a layer or disagreed with `expected`.
 */
double timeOneDnn(const BenchmarkCase& benchCase, const CaseData& data, int count, const std::vector<float>& expected)
{
    OneDnnConvolution& onednn = OneDnnConvolution::instance();
    std::vector<std::unique_ptr<OneDnnConvolution::Layer>> layers;
    std::vector<std::vector<float>> outputs;
    for (std::size_t i = 0; i < benchCase.layers.size(); ++i) {
        const ConvShape shape = benchCase.layers[i].withBatch(count);
        layers.push_back(onednn.prepare(shape, benchCase.layout, data.filters[i].data()));
        if (!layers.back())
            return -1;
        outputs.emplace_back(shape.outputElements());
    }
    double ms = -1;
    for (int pass = 0; pass < 2; ++pass) {
        const auto start = std::chrono::steady_clock::now();
        const float* input = data.input.data();
        for (std::size_t i = 0; i < layers.size(); ++i) {
            if (!layers[i]->run(input, outputs[i].data()))
                return -1;
            input = outputs[i].data();
        }
        ms = millisecondsSince(start);
    }
    const std::vector<float>& last = outputs.back();
    if (last.size() != expected.size() || relativeError(last.data(), expected.data(), last.size()) > kOneDnnAgreement)
        return -1;
    return ms;
}

} // namespace

const char* cpuBaselineName(CpuBaselineKind kind)
{
    return kind == CpuBaselineKind::OneDnn ? "onednn" : "reference";
}

CpuBaselineResult runCpuBaseline(const BenchmarkCase& benchCase,
                                 int batch,
                                 const CaseData& data,
                                 double budgetMs,
                                 unsigned threads,
                                 CpuBaselineKind timing)
{
    CpuBaselineResult result;
    if (benchCase.layers.empty() || batch < 1) {
        return result;
    }
    auto start = std::chrono::steady_clock::now();
    result.output = runLayers(benchCase, data, 0, 1, threads);
    const double firstMs = millisecondsSince(start);
    result.images = 1;

    const int more = firstMs > 0 ? static_cast<int>(std::min<double>(batch - 1, (budgetMs - firstMs) / firstMs)) : 0;
    double moreMs = 0;
    if (more > 0) {
        start = std::chrono::steady_clock::now();
        std::vector<float> rest = runLayers(benchCase, data, 1, more, threads);
        moreMs = millisecondsSince(start);
        result.output.insert(result.output.end(), rest.begin(), rest.end());
        result.images += more;
    }
    result.msForBatch = (firstMs + moreMs) / result.images * batch;
    if (timing == CpuBaselineKind::OneDnn) {
        const double onednnMs = timeOneDnn(benchCase, data, result.images, result.output);
        if (onednnMs >= 0) {
            result.msForBatch = onednnMs / result.images * batch;
            result.timedWith = CpuBaselineKind::OneDnn;
        }
    }
    return result;
}

double relativeError(const float* actual, const float* expected, std::size_t count)
{
    double largestDifference = 0;
    double largestExpected = 0;
    for (std::size_t i = 0; i < count; ++i) {
        if (!std::isfinite(actual[i])) {
            return std::numeric_limits<double>::infinity();
        }
        largestDifference = std::max(largestDifference, std::fabs(double(actual[i]) - double(expected[i])));
        largestExpected = std::max(largestExpected, std::fabs(double(expected[i])));
    }
    if (largestExpected == 0) {
        return largestDifference == 0 ? 0 : std::numeric_limits<double>::infinity();
    }
    return largestDifference / largestExpected;
}

} // namespace cudnnsetup::runtime
