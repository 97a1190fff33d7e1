#pragma once

#include <vector>

/** Summary of repeated timings. */
namespace cudnnsetup::runtime {

struct TimingSummary
{
    double median = 0;
    double min = 0;
    double max = 0;
    double p10 = 0; // 10th percentile
    double p90 = 0;
    int runs = 0;
};

/** Percentiles by linear interpolation between order statistics; all zero (runs 0) for no samples. */
TimingSummary summarize(std::vector<double> samples);

/** exp(mean(log(v))) over the positive values; 0 when there are none. */
double geometricMean(const std::vector<double>& values);

} // namespace cudnnsetup::runtime
