#include "runtime/Statistics.h"

#include <algorithm>
#include <cmath>

namespace cudnnsetup::runtime {

namespace {

double percentile(const std::vector<double>& sorted, double fraction)
{
    const double position = fraction * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double weight = position - static_cast<double>(below);
    return sorted[below] + (sorted[above] - sorted[below]) * weight;
}

} // namespace

TimingSummary summarize(std::vector<double> samples)
{
    TimingSummary summary;
    if (samples.empty()) {
        return summary;
    }
    std::sort(samples.begin(), samples.end());
    summary.runs = static_cast<int>(samples.size());
    summary.min = samples.front();
    summary.max = samples.back();
    summary.median = percentile(samples, 0.5);
    summary.p10 = percentile(samples, 0.1);
    summary.p90 = percentile(samples, 0.9);
    return summary;
}

double geometricMean(const std::vector<double>& values)
{
    double logSum = 0;
    int count = 0;
    for (double value : values) {
        if (value > 0 && std::isfinite(value)) {
            logSum += std::log(value);
            ++count;
        }
    }
    return count == 0 ? 0.0 : std::exp(logSum / count);
}

} // namespace cudnnsetup::runtime
