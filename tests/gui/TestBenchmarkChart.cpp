// The benchmark chart (a QPainter widget): which cases it shows, the logarithmic axis it chooses, and that the bars
// are really drawn, in the GPU's green and the CPU's grey, the GPU bar shorter when the GPU is faster.
#include "BenchmarkChart.h"

#include <QImage>
#include <QtTest>

namespace {

BenchmarkCase measured(const QString& name, std::optional<double> gpuMs, std::optional<double> cpuMs)
{
    BenchmarkCase c;
    c.name = name;
    c.gpuMs = gpuMs;
    c.cpuMs = cpuMs;
    return c;
}

/** The rightmost column of the picture holding a pixel of this colour (-1: none). */
int rightmost(const QImage& image, QRgb color)
{
    for (int x = image.width() - 1; x >= 0; --x) {
        for (int y = 0; y < image.height(); ++y) {
            if (image.pixel(x, y) == color)
                return x;
        }
    }
    return -1;
}

} // namespace

class TestBenchmarkChart : public QObject
{
    Q_OBJECT

private slots:
    void showsTheCasesThatRanOnBothSides()
    {
        BenchmarkResult result;
        result.cases = {measured(QStringLiteral("reference-fp32"), 0.5, 120.0),
                        measured(QStringLiteral("peak-fp16"), 0.2, std::nullopt), // CPU side skipped
                        measured(QStringLiteral("broken"), 0.0, 3.0)};
        BenchmarkChart chart;
        chart.setResult(result);
        QCOMPARE(chart.caseCount(), 1);
        QCOMPARE(chart.lowestDecade(), -1); // 0.5 ms -> from 0.1 ms
        QCOMPARE(chart.highestDecade(), 3); // 120 ms -> to 1000 ms
    }

    void anAxisSpansAtLeastOneDecade()
    {
        BenchmarkResult result;
        result.cases = {measured(QStringLiteral("same"), 10.0, 10.0)};
        BenchmarkChart chart;
        chart.setResult(result);
        QCOMPARE(chart.lowestDecade(), 1);
        QCOMPARE(chart.highestDecade(), 2);
    }

    void drawsAShorterGreenBarForTheFasterGpu()
    {
        BenchmarkResult result;
        result.gpuName = QStringLiteral("NVIDIA GeForce RTX 3060 Ti");
        result.cases = {measured(QStringLiteral("resnet50-conv2_x-fp16"), 2.0, 400.0)};
        BenchmarkChart chart;
        chart.resize(640, 320);
        chart.setResult(result);
        const QImage image = chart.grab().toImage().convertToFormat(QImage::Format_RGB32);
        const int gpuEnd = rightmost(image, qRgb(0x76, 0xb9, 0x00));
        const int cpuEnd = rightmost(image, qRgb(0x90, 0x90, 0x90));
        QVERIFY2(gpuEnd > 0 && cpuEnd > 0, "both bars are drawn");
        // 2 ms and 400 ms on an axis from 1 to 1000 ms: the CPU bar reaches about twice as far (log scale) and more
        // than the legend's swatches do.
        QVERIFY2(cpuEnd > gpuEnd + 100,
                 qPrintable(QStringLiteral("gpu ends at %1, cpu at %2").arg(gpuEnd).arg(cpuEnd)));
    }
};

QTEST_MAIN(TestBenchmarkChart)
#include "TestBenchmarkChart.moc"
