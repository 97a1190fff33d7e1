#include "BenchmarkChart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalBarSeries>
#include <QLogValueAxis>
#include <cmath>

BenchmarkChart::BenchmarkChart(QWidget* parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("benchmarkChart"));
    setAccessibleName(tr("Benchmark chart"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(260);
}

void BenchmarkChart::setResult(const BenchmarkResult& result)
{
    auto* chart = new QChart;
    chart->setTitle(result.gpuName.isEmpty()
                        ? tr("Time per forward pass (ms, lower is better)")
                        : tr("%1 — time per forward pass (ms, lower is better)").arg(result.gpuName));
    chart->legend()->setAlignment(Qt::AlignBottom);

    auto* gpu = new QBarSet(tr("GPU (cuDNN)"));
    auto* cpu = new QBarSet(tr("CPU (same convolution)"));
    gpu->setColor(QColor(0x76, 0xb9, 0x00));
    cpu->setColor(QColor(0x90, 0x90, 0x90));
    QStringList categories;
    double smallest = 1e9;
    double largest = 0;
    m_caseCount = 0;
    for (const BenchmarkCase& c : result.cases) {
        if (!c.gpuMs || !c.cpuMs || *c.gpuMs <= 0 || *c.cpuMs <= 0)
            continue;
        *gpu << *c.gpuMs;
        *cpu << *c.cpuMs;
        smallest = std::min({smallest, *c.gpuMs, *c.cpuMs});
        largest = std::max({largest, *c.gpuMs, *c.cpuMs});
        const double speedup = *c.cpuMs / *c.gpuMs;
        categories << QStringLiteral("%1  (%2×)").arg(c.name).arg(speedup, 0, 'f', speedup < 10 ? 1 : 0);
        ++m_caseCount;
    }

    auto* series = new QHorizontalBarSeries;
    series->append(cpu);
    series->append(gpu);
    chart->addSeries(series);
    auto* cases = new QBarCategoryAxis;
    cases->append(categories);
    cases->setTruncateLabels(false); // the case name is the point of the label
    chart->addAxis(cases, Qt::AlignLeft);
    series->attachAxis(cases);
    auto* milliseconds = new QLogValueAxis;
    milliseconds->setBase(10);
    milliseconds->setLabelFormat(QStringLiteral("%g"));
    if (m_caseCount > 0)
        milliseconds->setRange(std::pow(10.0, std::floor(std::log10(smallest))),
                               std::pow(10.0, std::ceil(std::log10(largest))));
    milliseconds->setMinorTickCount(-1);
    chart->addAxis(milliseconds, Qt::AlignBottom);
    series->attachAxis(milliseconds);

    QChart* old = this->chart();
    setChart(chart);
    delete old;
}
