#pragma once

#include "verify/BenchmarkResult.h"

#include <QChartView>

/**
 * Per case, milliseconds on the GPU next to milliseconds on the CPU, on a logarithmic axis (the two differ by
 * orders of magnitude on a real GPU), with the speed-up in each case's label.
 */
class BenchmarkChart : public QChartView
{
    Q_OBJECT

public:
    explicit BenchmarkChart(QWidget* parent = nullptr);
    void setResult(const BenchmarkResult& result);
    /** Cases shown (for tests): those that ran on both sides. */
    int caseCount() const { return m_caseCount; }

private:
    int m_caseCount = 0;
};
