// The benchmark's building blocks in-process: the CPU reference against hand-computed values and a naive loop, FP16
// conversion, timing statistics, the peak table, the case list and batch sizing, the verdict rules and the JSON.
#include "runtime/BenchmarkCases.h"
#include "runtime/BenchmarkReport.h"
#include "runtime/BenchmarkVerdict.h"
#include "runtime/CpuBaseline.h"
#include "runtime/CpuConvolution.h"
#include "runtime/CudartApi.h"
#include "runtime/CudnnApi.h"
#include "runtime/DynamicLibrary.h"
#include "runtime/GpuCallError.h"
#include "runtime/GpuCaseRunner.h"
#include "runtime/GpuPeak.h"
#include "runtime/GraphConvolution.h"
#include "runtime/HalfFloat.h"
#include "runtime/JsonWriter.h"
#include "runtime/Statistics.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace cudnnsetup::runtime;

Q_DECLARE_METATYPE(cudnnsetup::runtime::TensorLayout)

namespace {

const QString kRealLibraryDir = QStringLiteral("/usr/local/cuda-13.0/lib");

ConvShape shapeOf(int n, int c, int h, int w, int k, int r, int s, int pad, int stride)
{
    ConvShape shape;
    shape.n = n;
    shape.c = c;
    shape.h = h;
    shape.w = w;
    shape.k = k;
    shape.r = r;
    shape.s = s;
    shape.padH = pad;
    shape.padW = pad;
    shape.strideH = stride;
    shape.strideW = stride;
    return shape;
}

/** The definition of a convolution, one output element at a time, with no cleverness to get wrong. */
std::vector<float>
naiveConvolution(const ConvShape& sh, TensorLayout layout, const std::vector<float>& x, const std::vector<float>& w)
{
    const bool nhwc = layout == TensorLayout::Nhwc;
    const auto xAt = [&](int n, int c, int h, int wi) {
        return nhwc ? x[((std::size_t(n) * sh.h + h) * sh.w + wi) * sh.c + c]
                    : x[((std::size_t(n) * sh.c + c) * sh.h + h) * sh.w + wi];
    };
    const auto wAt = [&](int k, int c, int r, int s) {
        return nhwc ? w[((std::size_t(k) * sh.r + r) * sh.s + s) * sh.c + c]
                    : w[((std::size_t(k) * sh.c + c) * sh.r + r) * sh.s + s];
    };
    std::vector<float> y(sh.outputElements());
    for (int n = 0; n < sh.n; ++n) {
        for (int k = 0; k < sh.k; ++k) {
            for (int p = 0; p < sh.p(); ++p) {
                for (int q = 0; q < sh.q(); ++q) {
                    double sum = 0;
                    for (int c = 0; c < sh.c; ++c) {
                        for (int r = 0; r < sh.r; ++r) {
                            for (int s = 0; s < sh.s; ++s) {
                                const int h = p * sh.strideH - sh.padH + r;
                                const int wi = q * sh.strideW - sh.padW + s;
                                if (h >= 0 && h < sh.h && wi >= 0 && wi < sh.w) {
                                    sum += double(xAt(n, c, h, wi)) * wAt(k, c, r, s);
                                }
                            }
                        }
                    }
                    const std::size_t index = nhwc ? ((std::size_t(n) * sh.p() + p) * sh.q() + q) * sh.k + k
                                                   : ((std::size_t(n) * sh.k + k) * sh.p() + p) * sh.q() + q;
                    y[index] = static_cast<float>(sum);
                }
            }
        }
    }
    return y;
}

QJsonObject parseObject(const std::string& json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray::fromStdString(json), &error);
    if (error.error != QJsonParseError::NoError) {
        qWarning("not JSON (%s): %s", qPrintable(error.errorString()), json.c_str());
    }
    return document.object();
}

/** A case that ran: `gpuMs` median on the GPU, `cpuMs` for the batch on the CPU, `error` against the CPU. */
CaseResult ranCase(const BenchmarkCase& benchCase, double gpuMs, double cpuMs, std::optional<double> error)
{
    CaseResult result;
    result.benchCase = benchCase;
    result.batch = benchCase.batch();
    result.api = "legacy";
    result.apiReason = "this cuDNN has no graph API (no cudnnBackendCreateDescriptor)";
    result.algorithmSearch = "find";
    result.layers.assign(benchCase.layers.size(), LayerChoice{1, 3, 4096, std::nullopt});
    result.hostCost.enqueueMs = 0.25;
    result.hostCost.graphError = "this CUDA runtime lacks cudaStreamBeginCapture";
    result.gpuMs = summarize({gpuMs, gpuMs * 0.9, gpuMs * 1.1});
    result.cpuMs = cpuMs;
    result.cpuImages = 1;
    result.compared = true;
    result.maxRelativeError = error;
    return result;
}

BenchmarkGpu rtx3060Ti()
{
    BenchmarkGpu gpu;
    gpu.facts = GpuFacts{0, "NVIDIA GeForce RTX 3060 Ti", 8, 6, 8ULL << 30, 38, 1665000};
    gpu.peaks = gpuPeaks(8, 6, 38, 1665000, gpu.facts.name);
    gpu.freeBytes = 7ULL << 30;
    return gpu;
}

/** Every quick case, run 100x faster than on the CPU, with errors well inside the tolerances. */
BenchmarkResult healthyRun()
{
    BenchmarkResult result;
    result.quick = true;
    result.cpuThreads = 2;
    result.gpu = rtx3060Ti();
    for (const BenchmarkCase& benchCase : benchmarkCases(true)) {
        result.cases.push_back(ranCase(benchCase, 1.0, 100.0, precisionTolerance(benchCase.precision) / 10));
    }
    return result;
}

CaseResult& caseNamed(BenchmarkResult& result, const std::string& name)
{
    for (CaseResult& c : result.cases) {
        if (c.benchCase.name == name) {
            return c;
        }
    }
    qFatal("no case %s", name.c_str());
}

} // namespace

class TestBenchmarkRuntime : public QObject
{
    Q_OBJECT

private slots:
    void cpuConvolutionHandComputed();
    void cpuConvolutionMatchesNaiveLoop_data();
    void cpuConvolutionMatchesNaiveLoop();
    void cpuBaselineScalesAndComputesTheFirstImages();
    void relativeErrorIsScaledByTheOutputAndCatchesNaN();

    void halfConversion_data();
    void halfConversion();
    void halfRoundTripsEveryHalf();

    void statistics();
    void jsonDecimal();

    void peakTable_data();
    void peakTable();

    void caseList();
    void batchShrinksToFitMemory();
    void mathTypesPerPrecision();
    void engineNotesPerPrecision();
    void cudartNamesFollowCudnnsCuda();

    void verdictOkForAFastCorrectGpu();
    void verdictFailureBeforeTheCasesPassesThrough();
    void verdictWrongBeatsEverythingElse();
    void verdictNonFiniteOutputIsWrong();
    void verdictSlowReferenceModel();
    void verdictSlowWhenBarelyFasterThanTheCpu();
    void verdictSlowWhenAnyCaseLosesToTheCpu();
    void verdictCallFailure();
    void verdictNothingRan();
    void referenceLimitsScaleWithTheGpu();

    void reportHasTheDocumentedKeys();
    void reportNamesTheGraphEngineAndHostCost();
    void timeoutReportNamesTheActivity();

    void realLibrariesExportEverythingTheBenchmarkCalls();
    void realCudnnFinalizesTheLayerDescriptors_data();
    void realCudnnFinalizesTheLayerDescriptors();
};

void TestBenchmarkRuntime::cpuConvolutionHandComputed()
{
    const std::vector<float> x = {1, 2, 3, 4, 5, 6, 7, 8, 9}; // one 3x3 image, one channel

    // 2x2 filter, no padding: y[p][q] = sum x[p+r][q+s] * w[r][s].
    std::vector<float> y(4);
    convolveOnCpu(shapeOf(1, 1, 3, 3, 1, 2, 2, 0, 1),
                  TensorLayout::Nchw,
                  x.data(),
                  std::vector<float>{1, 2, 3, 4}.data(),
                  y.data());
    QCOMPARE(y, (std::vector<float>{37, 47, 67, 77}));

    // 3x3 box filter, padding 1, stride 2: the four corner windows of the zero-padded image.
    convolveOnCpu(
        shapeOf(1, 1, 3, 3, 1, 3, 3, 1, 2), TensorLayout::Nhwc, x.data(), std::vector<float>(9, 1.0f).data(), y.data());
    QCOMPARE(y, (std::vector<float>{12, 16, 24, 28}));

    // 1x1 filters over two channels (NHWC: channels interleaved), two output channels: sum and difference.
    std::vector<float> y2(4);
    convolveOnCpu(shapeOf(1, 2, 2, 1, 2, 1, 1, 0, 1),
                  TensorLayout::Nhwc,
                  std::vector<float>{1, 2, 3, 4}.data(),
                  std::vector<float>{1, 1, 1, -1}.data(),
                  y2.data());
    QCOMPARE(y2, (std::vector<float>{3, -1, 7, -1}));
}

void TestBenchmarkRuntime::cpuConvolutionMatchesNaiveLoop_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("c");
    QTest::addColumn<int>("h");
    QTest::addColumn<int>("w");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("r");
    QTest::addColumn<int>("s");
    QTest::addColumn<int>("pad");
    QTest::addColumn<int>("stride");
    QTest::addColumn<TensorLayout>("layout");
    QTest::addColumn<unsigned>("threads");

    for (const TensorLayout layout : {TensorLayout::Nchw, TensorLayout::Nhwc}) {
        const char* name = layout == TensorLayout::Nchw ? "nchw" : "nhwc";
        QTest::addRow("%s 3x3 pad 1", name) << 2 << 3 << 9 << 7 << 5 << 3 << 3 << 1 << 1 << layout << 1u;
        QTest::addRow("%s 3x3 pad 1 threads", name) << 2 << 8 << 11 << 13 << 20 << 3 << 3 << 1 << 1 << layout << 3u;
        QTest::addRow("%s 3x3 stride 2", name) << 1 << 4 << 10 << 9 << 17 << 3 << 3 << 1 << 2 << layout << 2u;
        QTest::addRow("%s 5x5 pad 2 k=33", name) << 1 << 3 << 8 << 8 << 33 << 5 << 5 << 2 << 1 << layout << 4u;
        QTest::addRow("%s 1x1", name) << 3 << 16 << 5 << 6 << 16 << 1 << 1 << 0 << 1 << layout << 2u;
        QTest::addRow("%s 2x3 no pad, odd sizes", name) << 1 << 5 << 7 << 6 << 3 << 2 << 3 << 0 << 1 << layout << 1u;
        QTest::addRow("%s 7x7 stride 2 pad 3", name) << 1 << 3 << 15 << 15 << 8 << 7 << 7 << 3 << 2 << layout << 2u;
    }
}

void TestBenchmarkRuntime::cpuConvolutionMatchesNaiveLoop()
{
    QFETCH(int, n);
    QFETCH(int, c);
    QFETCH(int, h);
    QFETCH(int, w);
    QFETCH(int, k);
    QFETCH(int, r);
    QFETCH(int, s);
    QFETCH(int, pad);
    QFETCH(int, stride);
    QFETCH(TensorLayout, layout);
    QFETCH(unsigned, threads);

    const ConvShape shape = shapeOf(n, c, h, w, k, r, s, pad, stride);
    QVERIFY(shape.valid());
    std::mt19937 random(static_cast<unsigned>(n * 1000 + c * 100 + k));
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    std::vector<float> x(shape.inputElements()), filter(shape.filterElements());
    for (float& value : x) {
        value = uniform(random);
    }
    for (float& value : filter) {
        value = uniform(random);
    }

    std::vector<float> y(shape.outputElements(), std::numeric_limits<float>::quiet_NaN());
    convolveOnCpu(shape, layout, x.data(), filter.data(), y.data(), threads);
    const std::vector<float> expected = naiveConvolution(shape, layout, x, filter);
    const double error = relativeError(y.data(), expected.data(), y.size());
    QVERIFY2(error < 1e-5, qPrintable(QString::number(error)));
}

void TestBenchmarkRuntime::cpuBaselineScalesAndComputesTheFirstImages()
{
    BenchmarkCase benchCase = benchmarkCases(true).at(1); // resnet50-conv2_x-fp32 at batch 2
    benchCase.layers.front().c = benchCase.layers.front().k = 8; // small enough for a unit test
    const CaseData data = makeCaseData(benchCase, 2, 7);

    const CpuBaselineResult one = runCpuBaseline(benchCase, 2, data, 0, 2);
    QCOMPARE(one.images, 1);
    QVERIFY(one.msForBatch > 0);
    const ConvShape image = benchCase.layers.front().withBatch(1);
    QCOMPARE(one.output.size(), image.outputElements());
    const std::vector<float> expected
        = naiveConvolution(image,
                           TensorLayout::Nhwc,
                           std::vector<float>(data.input.begin(), data.input.begin() + image.inputElements()),
                           data.filters[0]);
    QVERIFY(relativeError(one.output.data(), expected.data(), expected.size()) < 1e-5);

    const CpuBaselineResult both = runCpuBaseline(benchCase, 2, data, 1e9, 2);
    QCOMPARE(both.images, 2);
    QCOMPARE(both.output.size(), 2 * image.outputElements());
    QVERIFY(std::equal(one.output.begin(), one.output.end(), both.output.begin()));
}

void TestBenchmarkRuntime::relativeErrorIsScaledByTheOutputAndCatchesNaN()
{
    const std::vector<float> expected = {100, -50, 0.5f};
    QCOMPARE(relativeError(expected.data(), expected.data(), 3), 0.0);
    const std::vector<float> off = {100, -50, 1.5f}; // 1 off where the answer is small: 1% of the output's size
    QCOMPARE(relativeError(off.data(), expected.data(), 3), 0.01);
    const std::vector<float> nan = {100, std::numeric_limits<float>::quiet_NaN(), 0};
    QVERIFY(std::isinf(relativeError(nan.data(), expected.data(), 3)));
}

void TestBenchmarkRuntime::halfConversion_data()
{
    QTest::addColumn<float>("value");
    QTest::addColumn<int>("bits");
    QTest::addColumn<float>("back");

    const float inf = std::numeric_limits<float>::infinity();
    QTest::newRow("0") << 0.0f << 0x0000 << 0.0f;
    QTest::newRow("-0") << -0.0f << 0x8000 << -0.0f;
    QTest::newRow("1") << 1.0f << 0x3C00 << 1.0f;
    QTest::newRow("-2") << -2.0f << 0xC000 << -2.0f;
    QTest::newRow("0.1") << 0.1f << 0x2E66 << 0.0999755859375f;
    QTest::newRow("largest") << 65504.0f << 0x7BFF << 65504.0f;
    QTest::newRow("rounds below overflow") << 65519.0f << 0x7BFF << 65504.0f;
    QTest::newRow("overflows") << 65520.0f << 0x7C00 << inf;
    QTest::newRow("infinity") << -inf << 0xFC00 << -inf;
    QTest::newRow("smallest normal") << 6.103515625e-05f << 0x0400 << 6.103515625e-05f;
    QTest::newRow("smallest subnormal") << 5.9604644775390625e-08f << 0x0001 << 5.9604644775390625e-08f;
    QTest::newRow("half the smallest subnormal: ties to even zero") << 2.98023223876953125e-08f << 0x0000 << 0.0f;
    QTest::newRow("under half the smallest subnormal") << 1e-8f << 0x0000 << 0.0f;
    QTest::newRow("tie to even, down") << 1.00048828125f << 0x3C00 << 1.0f; // 1 + 2^-11
    QTest::newRow("tie to even, up") << 1.00146484375f << 0x3C02 << 1.001953125f; // 1 + 3 * 2^-11
    QTest::newRow("subnormal rounding") << 1.5e-7f << 0x0003 << 1.78813934326171875e-07f;
}

void TestBenchmarkRuntime::halfConversion()
{
    QFETCH(float, value);
    QFETCH(int, bits);
    QFETCH(float, back);
    QCOMPARE(int(floatToHalf(value)), bits);
    QCOMPARE(halfToFloat(static_cast<std::uint16_t>(bits)), back);
    QCOMPARE(std::signbit(halfToFloat(static_cast<std::uint16_t>(bits))), std::signbit(back));
}

void TestBenchmarkRuntime::halfRoundTripsEveryHalf()
{
    for (unsigned bits = 0; bits <= 0xFFFF; ++bits) {
        const float value = halfToFloat(static_cast<std::uint16_t>(bits));
        if (std::isnan(value)) {
            QVERIFY(std::isnan(halfToFloat(floatToHalf(value))));
            continue;
        }
        QCOMPARE(unsigned(floatToHalf(value)), bits);
    }
}

void TestBenchmarkRuntime::statistics()
{
    const TimingSummary odd = summarize({5, 1, 3});
    QCOMPARE(odd.runs, 3);
    QCOMPARE(odd.median, 3.0);
    QCOMPARE(odd.min, 1.0);
    QCOMPARE(odd.max, 5.0);
    QCOMPARE(odd.p10, 1.4);
    QCOMPARE(odd.p90, 4.6);
    QCOMPARE(summarize({4, 1, 3, 2}).median, 2.5);
    QCOMPARE(summarize({}).runs, 0);
    QCOMPARE(geometricMean({1, 4}), 2.0);
    QCOMPARE(geometricMean({2, 0, -1, 8}), 4.0); // only positive values count
    QCOMPARE(geometricMean({}), 0.0);
}

void TestBenchmarkRuntime::jsonDecimal()
{
    JsonWriter json;
    json.beginArray();
    json.decimal(0.1).decimal(1.5e-7).decimal(16.197120).decimal(1234567.0).decimal(std::nan("")).decimal(std::nullopt);
    json.decimal(std::numeric_limits<double>::infinity()).decimal(-2.0);
    json.endArray();
    QCOMPARE(QByteArray::fromStdString(json.str()), QByteArray("[0.1,1.5e-07,16.1971,1.23457e+06,null,null,null,-2]"));
    QVERIFY(QJsonDocument::fromJson(QByteArray::fromStdString(json.str())).isArray());
}

void TestBenchmarkRuntime::peakTable_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("major");
    QTest::addColumn<int>("minor");
    QTest::addColumn<int>("sms");
    QTest::addColumn<int>("clockKhz");
    QTest::addColumn<double>("fp32"); // TFLOP/s; 0 = unknown
    QTest::addColumn<double>("tf32");
    QTest::addColumn<double>("fp16");

    // Datasheet figures, recomputed from SMs and clock (see GpuPeakTable.h).
    QTest::newRow("RTX 3060 Ti (GeForce 8.6: half-rate FP32 accumulation)")
        << "NVIDIA GeForce RTX 3060 Ti" << 8 << 6 << 38 << 1665000 << 16.197 << 16.197 << 32.394;
    QTest::newRow("RTX A6000 (professional 8.6: full rate)")
        << "NVIDIA RTX A6000" << 8 << 6 << 84 << 1800000 << 38.707 << 77.414 << 154.829;
    QTest::newRow("A100 SXM") << "NVIDIA A100-SXM4-80GB" << 8 << 0 << 108 << 1410000 << 19.492 << 155.934 << 311.869;
    QTest::newRow("H200 (clock as the device reports it)")
        << "NVIDIA H200" << 9 << 0 << 132 << 1980000 << 66.908 << 535.265 << 1070.531;
    QTest::newRow("V100: no TF32") << "Tesla V100-SXM2-16GB" << 7 << 0 << 80 << 1530000 << 15.667 << 0.0 << 125.338;
    QTest::newRow("P100: no tensor cores") << "Tesla P100-PCIE-16GB" << 6 << 0 << 56 << 1328500 << 9.523 << 0.0 << 0.0;
    QTest::newRow("RTX 4090") << "NVIDIA GeForce RTX 4090" << 8 << 9 << 128 << 2520000 << 82.575 << 82.575 << 165.151;
    QTest::newRow("unknown architecture") << "Jetson AGX Orin" << 8 << 7 << 16 << 1300000 << 0.0 << 0.0 << 0.0;
}

void TestBenchmarkRuntime::peakTable()
{
    QFETCH(QString, name);
    QFETCH(int, major);
    QFETCH(int, minor);
    QFETCH(int, sms);
    QFETCH(int, clockKhz);
    QFETCH(double, fp32);
    QFETCH(double, tf32);
    QFETCH(double, fp16);

    const GpuPeaks peaks = gpuPeaks(major, minor, sms, clockKhz, name.toStdString());
    const auto check = [](const std::optional<double>& actual, double expected) {
        if (expected == 0) {
            return !actual.has_value();
        }
        return actual && std::fabs(*actual - expected) < 0.01;
    };
    QVERIFY2(check(peaks.fp32Tflops, fp32), qPrintable(QString::number(peaks.fp32Tflops.value_or(-1))));
    QVERIFY2(check(peaks.tf32TensorTflops, tf32), qPrintable(QString::number(peaks.tf32TensorTflops.value_or(-1))));
    QVERIFY2(check(peaks.fp16TensorTflops, fp16), qPrintable(QString::number(peaks.fp16TensorTflops.value_or(-1))));
}

void TestBenchmarkRuntime::caseList()
{
    const std::vector<BenchmarkCase> full = benchmarkCases(false);
    QCOMPARE(full.size(), std::size_t(14));
    QStringList names;
    for (const BenchmarkCase& c : full) {
        names << QString::fromStdString(c.name);
        QVERIFY(c.layout == TensorLayout::Nhwc);
        for (const ConvShape& layer : c.layers) {
            QVERIFY(layer.valid());
        }
    }
    QCOMPARE(names.first(), QStringLiteral("reference-fp32"));
    QVERIFY(names.contains(QStringLiteral("resnet50-conv2_x-fp32")));
    QVERIFY(names.contains(QStringLiteral("resnet50-conv5_x-tf32")));
    QVERIFY(names.contains(QStringLiteral("resnet50-conv3_x-fp16")));
    QCOMPARE(names.last(), QStringLiteral("peak-fp16"));
    QCOMPARE(names.removeDuplicates(), 0);

    // The seeds' model: 1x224x224x3 -> 3x3 conv to 32 (valid padding) -> 3x3 conv to 64.
    const BenchmarkCase& reference = full.front();
    QCOMPARE(reference.kind, CaseKind::Reference);
    QCOMPARE(reference.layers.size(), std::size_t(2));
    QCOMPARE(reference.layers[0].c, 3);
    QCOMPARE(reference.layers[0].h, 224);
    QCOMPARE(reference.layers[0].k, 32);
    QCOMPARE(reference.layers[1].c, 32);
    QCOMPARE(reference.layers[1].h, 222);
    QCOMPARE(reference.layers[1].k, 64);
    QCOMPARE(reference.layers[1].p(), 220);

    for (const BenchmarkCase& c : full) {
        if (c.kind == CaseKind::Realistic) {
            const ConvShape& s = c.layers.front();
            QCOMPARE(s.n, 32);
            QCOMPARE(s.c, s.k);
            QCOMPARE(s.c * s.h, 64 * 56); // 64@56, 128@28, 256@14, 512@7
            QCOMPARE(s.p(), s.h); // pad 1 keeps the size
        }
    }
    const ConvShape& peak = full.back().layers.front();
    QCOMPARE(full.back().precision, Precision::Fp16);
    QCOMPARE(peak.n, 128);
    QCOMPARE(peak.c, 256);
    QCOMPARE(peak.k, 256);
    QCOMPARE(peak.h, 56);

    const std::vector<BenchmarkCase> quick = benchmarkCases(true);
    QCOMPARE(quick.size(), full.size());
    for (const BenchmarkCase& c : quick) {
        QVERIFY(c.batch() >= 1 && c.batch() <= 2);
    }
}

void TestBenchmarkRuntime::batchShrinksToFitMemory()
{
    const BenchmarkCase conv2 = benchmarkCases(false).at(1); // 64@56^2 FP32 at batch 32
    QCOMPARE(QString::fromStdString(conv2.name), QStringLiteral("resnet50-conv2_x-fp32"));
    // Per image: input and output 64*56*56 floats each; plus 64*64*9 filter floats once.
    QCOMPARE(caseDeviceBytes(conv2, 1), std::size_t((2 * 64 * 56 * 56 + 64 * 64 * 9) * 4));
    QCOMPARE(fittingBatch(conv2, std::size_t(1) << 40), 32);
    QCOMPARE(fittingBatch(conv2, 10'000'000), 4);
    QCOMPARE(fittingBatch(conv2, 1000), 0);

    const BenchmarkCase peak = benchmarkCases(false).back(); // 128 x 256@56^2 FP16: 412 MB of tensors
    QCOMPARE(fittingBatch(peak, std::size_t(2) << 30), 128);
    QCOMPARE(fittingBatch(peak, caseDeviceBytes(peak, 16)), 16);
    QCOMPARE(fittingBatch(peak, caseDeviceBytes(peak, 16) - 1), 8);
}

void TestBenchmarkRuntime::mathTypesPerPrecision()
{
    QVERIFY(mathTypeAllowed(Precision::Fp32, nv::CUDNN_FMA_MATH));
    QVERIFY(!mathTypeAllowed(Precision::Fp32, nv::CUDNN_TENSOR_OP_MATH));
    QVERIFY(!mathTypeAllowed(Precision::Fp32, nv::CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION));
    QVERIFY(mathTypeAllowed(Precision::Tf32, nv::CUDNN_DEFAULT_MATH));
    QVERIFY(mathTypeAllowed(Precision::Tf32, nv::CUDNN_TENSOR_OP_MATH));
    QVERIFY(!mathTypeAllowed(Precision::Tf32, nv::CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION)); // would be FP16
    QVERIFY(mathTypeAllowed(Precision::Fp16, nv::CUDNN_TENSOR_OP_MATH));
    QCOMPARE(QString::fromStdString(convolutionAlgorithmName(1)), QStringLiteral("IMPLICIT_PRECOMP_GEMM"));
    QCOMPARE(QString::fromStdString(convolutionAlgorithmName(7)), QStringLiteral("WINOGRAD_NONFUSED"));
    QCOMPARE(QString::fromStdString(convolutionAlgorithmName(9)), QStringLiteral("ALGO_9"));
    QCOMPARE(QString::fromStdString(mathTypeName(3)), QStringLiteral("FMA"));
}

void TestBenchmarkRuntime::engineNotesPerPrecision()
{
    const std::vector<int> none;
    const std::vector<int> tensorCore{nv::CUDNN_NUMERICAL_NOTE_TENSOR_CORE};
    const std::vector<int> downConvert{nv::CUDNN_NUMERICAL_NOTE_TENSOR_CORE,
                                       nv::CUDNN_NUMERICAL_NOTE_DOWN_CONVERT_INPUTS};
    const std::vector<int> reduced{nv::CUDNN_NUMERICAL_NOTE_TENSOR_CORE,
                                   nv::CUDNN_NUMERICAL_NOTE_REDUCED_PRECISION_REDUCTION};
    // FP32: strict, CUDA cores only.
    QCOMPARE(QString::fromStdString(engineNotesRefusal(Precision::Fp32, none)), QString());
    QCOMPARE(QString::fromStdString(engineNotesRefusal(Precision::Fp32, tensorCore)),
             QStringLiteral("TENSOR_CORE: fp32 stays off tensor cores"));
    QVERIFY(!engineNotesRefusal(Precision::Fp32, downConvert).empty());
    // TF32: tensor cores, never FP16 inputs.
    QCOMPARE(QString::fromStdString(engineNotesRefusal(Precision::Tf32, tensorCore)), QString());
    QCOMPARE(QString::fromStdString(engineNotesRefusal(Precision::Tf32, none)),
             QStringLiteral("no TENSOR_CORE note: tf32 runs on tensor cores"));
    QCOMPARE(QString::fromStdString(engineNotesRefusal(Precision::Tf32, downConvert)),
             QStringLiteral("DOWN_CONVERT_INPUTS: tf32 never converts to FP16"));
    // FP16: anything that accumulates in FP32.
    QCOMPARE(QString::fromStdString(engineNotesRefusal(Precision::Fp16, none)), QString());
    QCOMPARE(QString::fromStdString(engineNotesRefusal(Precision::Fp16, downConvert)), QString());
    QCOMPARE(QString::fromStdString(engineNotesRefusal(Precision::Fp16, reduced)),
             QStringLiteral("REDUCED_PRECISION_REDUCTION: every case accumulates in FP32"));

    QCOMPARE(equivalentMathType(Precision::Fp32, none), int(nv::CUDNN_FMA_MATH));
    QCOMPARE(equivalentMathType(Precision::Tf32, tensorCore), int(nv::CUDNN_DEFAULT_MATH));
    QCOMPARE(equivalentMathType(Precision::Fp16, tensorCore), int(nv::CUDNN_TENSOR_OP_MATH));
    QCOMPARE(equivalentMathType(Precision::Fp16, none), int(nv::CUDNN_FMA_MATH));
    QCOMPARE(equivalentMathType(Precision::Tf32, downConvert), int(nv::CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION));
    QCOMPARE(QString::fromStdString(numericalNoteName(1)), QStringLiteral("DOWN_CONVERT_INPUTS"));
    QCOMPARE(QString::fromStdString(numericalNoteName(12)), QStringLiteral("NOTE_12"));
    QCOMPARE(QString::fromStdString(knobTypeName(43)), QStringLiteral("SWAP_AB"));
}

void TestBenchmarkRuntime::cudartNamesFollowCudnnsCuda()
{
#ifdef Q_OS_WIN
    QSKIP("Linux library names");
#endif
    using Names = std::vector<std::string>;
    QCOMPARE(defaultCudartLibraryNames(), (Names{"libcudart.so.13", "libcudart.so.12", "libcudart.so.11.0"}));
    QCOMPARE(defaultCudartLibraryNames(12080), (Names{"libcudart.so.12", "libcudart.so.13", "libcudart.so.11.0"}));
    QCOMPARE(defaultCudartLibraryNames(13010), (Names{"libcudart.so.13", "libcudart.so.12", "libcudart.so.11.0"}));
    QCOMPARE(defaultCudartLibraryNames(11080), (Names{"libcudart.so.11.0", "libcudart.so.13", "libcudart.so.12"}));
    QCOMPARE(defaultCudartLibraryNames(10020).front(), std::string("libcudart.so.10.2"));
}

void TestBenchmarkRuntime::verdictOkForAFastCorrectGpu()
{
    const Verdict verdict = decideVerdict(healthyRun());
    QCOMPARE(verdict.code, VerdictCode::Ok);
    QCOMPARE(QString::fromStdString(verdictCodeText(verdict.code)), QStringLiteral("BENCH-OK"));
    QVERIFY2(verdict.message.find("cuDNN is active: 100× faster than the CPU") == 0, verdict.message.c_str());
    QCOMPARE(verdict.speedup.value_or(0), 100.0);
    QCOMPARE(verdict.referenceMs.value_or(0), 1.0);
    QVERIFY(std::fabs(verdict.referenceLimitMs.value_or(0) - 150.0) < 1e-9); // the seeds' own GPU: unscaled
}

void TestBenchmarkRuntime::verdictFailureBeforeTheCasesPassesThrough()
{
    BenchmarkResult result;
    result.failure = BenchmarkFailure{VerdictCode::NoDriver, "No NVIDIA driver: libcuda.so.1: cannot open"};
    const Verdict verdict = decideVerdict(result);
    QCOMPARE(verdict.code, VerdictCode::NoDriver);
    QCOMPARE(QString::fromStdString(verdict.message), QStringLiteral("No NVIDIA driver: libcuda.so.1: cannot open"));
    QCOMPARE(QString(verdictCodeText(VerdictCode::NoDriver)), QStringLiteral("BENCH-NO-DRIVER"));
}

void TestBenchmarkRuntime::verdictWrongBeatsEverythingElse()
{
    BenchmarkResult result = healthyRun();
    caseNamed(result, "resnet50-conv2_x-fp32").maxRelativeError = 0.31;
    caseNamed(result, "resnet50-conv4_x-fp16").maxRelativeError = 0.02;
    caseNamed(result, "peak-fp16").error = "cudnnConvolutionForward returned 5000 (CUDNN_STATUS_EXECUTION_FAILED)";
    caseNamed(result, "peak-fp16").errorCode = VerdictCode::CudnnError;
    caseNamed(result, "reference-fp32").gpuMs = summarize({1000});
    const Verdict verdict = decideVerdict(result);
    QCOMPARE(verdict.code, VerdictCode::Wrong);
    QVERIFY2(verdict.message.find("Results are wrong: resnet50-conv2_x-fp32 differs from the CPU by 0.31") == 0,
             verdict.message.c_str());
    QVERIFY2(verdict.message.find("1 more case (resnet50-conv4_x-fp16)") != std::string::npos, verdict.message.c_str());
}

void TestBenchmarkRuntime::verdictNonFiniteOutputIsWrong()
{
    BenchmarkResult result = healthyRun();
    caseNamed(result, "resnet50-conv3_x-tf32").maxRelativeError.reset(); // compared, but NaN
    const Verdict verdict = decideVerdict(result);
    QCOMPARE(verdict.code, VerdictCode::Wrong);
    QVERIFY2(verdict.message.find("resnet50-conv3_x-tf32 returned NaN or infinity") != std::string::npos,
             verdict.message.c_str());
}

void TestBenchmarkRuntime::verdictSlowReferenceModel()
{
    BenchmarkResult result = healthyRun();
    caseNamed(result, "reference-fp32").gpuMs = summarize({160}); // the seeds: over 0.15 s means no cuDNN
    caseNamed(result, "reference-fp32").cpuMs = 16000;
    const Verdict verdict = decideVerdict(result);
    QCOMPARE(verdict.code, VerdictCode::Slow);
    QVERIFY2(verdict.message.find("Slow: cuDNN is probably not being used") == 0, verdict.message.c_str());
    QVERIFY2(verdict.message.find("reference model took 160 ms per forward (limit 150 ms") != std::string::npos,
             verdict.message.c_str());
}

void TestBenchmarkRuntime::verdictSlowWhenBarelyFasterThanTheCpu()
{
    BenchmarkResult result = healthyRun();
    for (CaseResult& c : result.cases) {
        c.cpuMs = 1.5; // GPU 1 ms: only 1.5x
    }
    const Verdict verdict = decideVerdict(result);
    QCOMPARE(verdict.code, VerdictCode::Slow);
    QVERIFY2(verdict.message.find("only 1.5× as fast as the CPU") != std::string::npos, verdict.message.c_str());
}

void TestBenchmarkRuntime::verdictSlowWhenAnyCaseLosesToTheCpu()
{
    BenchmarkResult result = healthyRun();
    caseNamed(result, "resnet50-conv5_x-fp32").cpuMs = 0.5; // GPU 1 ms: the CPU wins this one
    const Verdict verdict = decideVerdict(result);
    QCOMPARE(verdict.code, VerdictCode::Slow);
    QVERIFY2(verdict.message.find("slower than the CPU in 1 of 14 cases (resnet50-conv5_x-fp32)") != std::string::npos,
             verdict.message.c_str());
}

void TestBenchmarkRuntime::verdictCallFailure()
{
    BenchmarkResult result = healthyRun();
    CaseResult& failed = caseNamed(result, "resnet50-conv2_x-fp16");
    failed.gpuMs.reset();
    failed.compared = false;
    failed.error = "cudnnFindConvolutionForwardAlgorithm returned 3000 (CUDNN_STATUS_NOT_SUPPORTED)";
    failed.errorCode = VerdictCode::CudnnError;
    const Verdict verdict = decideVerdict(result);
    QCOMPARE(verdict.code, VerdictCode::CudnnError);
    QCOMPARE(QString::fromStdString(verdict.message),
             QStringLiteral("cuDNN failed in resnet50-conv2_x-fp16: cudnnFindConvolutionForwardAlgorithm returned "
                            "3000 (CUDNN_STATUS_NOT_SUPPORTED)"));
}

void TestBenchmarkRuntime::verdictNothingRan()
{
    BenchmarkResult result;
    result.gpu = rtx3060Ti();
    for (const BenchmarkCase& benchCase : benchmarkCases(true)) {
        CaseResult skipped;
        skipped.benchCase = benchCase;
        skipped.skipped = "needs 2 MiB of GPU memory for one image; 0 MiB may be used";
        result.cases.push_back(skipped);
    }
    const Verdict verdict = decideVerdict(result);
    QCOMPARE(verdict.code, VerdictCode::CudaError);
    QVERIFY2(verdict.message.find("No benchmark case could run") == 0, verdict.message.c_str());
}

void TestBenchmarkRuntime::referenceLimitsScaleWithTheGpu()
{
    QCOMPARE(referenceLimits(std::nullopt).limitMs, 150.0);
    QCOMPARE(referenceLimits(std::nullopt).expectedMs, 20.0);
    BenchmarkGpu h200;
    h200.facts = GpuFacts{0, "NVIDIA H200", 9, 0, 141ULL << 30, 132, 1980000};
    h200.peaks = gpuPeaks(9, 0, 132, 1980000, "NVIDIA H200");
    const ReferenceLimits limits = referenceLimits(h200);
    QVERIFY(std::fabs(limits.limitMs - 150.0 * 16.19712 / 66.90816) < 0.01); // ~36 ms: 4.1x the FP32 peak
    QVERIFY(std::fabs(limits.expectedMs - 20.0 * 16.19712 / 66.90816) < 0.01);
}

void TestBenchmarkRuntime::reportHasTheDocumentedKeys()
{
    BenchmarkResult result = healthyRun();
    result.libraries.cudnn = "/opt/cudnn/lib/libcudnn.so.9";
    result.libraries.cudnnVersion = 91900;
    result.libraries.cudartVersion = 13000;
    CaseResult skipped;
    skipped.benchCase = benchmarkCases(true).at(2);
    skipped.skipped = "TF32 needs compute capability 8.0 or later";
    result.cases.push_back(skipped);
    result.verdict = decideVerdict(result);

    const QJsonObject root = parseObject(benchmarkReportJson(result));
    QCOMPARE(QStringList(root.keys()), (QStringList{"benchmark", "cases", "gpu", "libraries", "probe", "verdict"}));
    QCOMPARE(root.value("probe").toObject().value("version").toInt(), 1);
    QCOMPARE(QStringList(root.value("benchmark").toObject().keys()),
             (QStringList{"cpu_baseline", "cpu_threads", "device", "onednn", "quick"}));
    QCOMPARE(root.value("benchmark").toObject().value("cpu_baseline").toString(), QStringLiteral("reference"));
    QCOMPARE(QStringList(root.value("benchmark").toObject().value("onednn").toObject().keys()),
             (QStringList{"error", "library", "version"}));
    QCOMPARE(QStringList(root.value("gpu").toObject().keys()),
             (QStringList{"cc",
                          "clock_khz",
                          "free_bytes",
                          "index",
                          "memory_bytes",
                          "name",
                          "peak_fp16_tensor_tflops",
                          "peak_fp32_tflops",
                          "peak_tf32_tensor_tflops",
                          "sms"}));
    QCOMPARE(root.value("gpu").toObject().value("cc").toString(), QStringLiteral("8.6"));
    const QJsonObject libraries = root.value("libraries").toObject();
    QCOMPARE(QStringList(libraries.keys()), (QStringList{"cudart", "cudnn", "driver"}));
    QCOMPARE(libraries.value("cudnn").toObject().value("version_text").toString(), QStringLiteral("9.19.0"));
    QCOMPARE(libraries.value("cudart").toObject().value("version_text").toString(), QStringLiteral("13.0"));
    QVERIFY(libraries.value("driver").toObject().value("cuda_version").isNull());

    const QJsonArray cases = root.value("cases").toArray();
    QCOMPARE(cases.size(), 15);
    const QStringList caseKeys{"algorithm",    "algorithm_search", "api",       "api_reason", "batch",
                               "cpu_baseline", "cpu_images",       "cpu_ms",    "cpu_scaled", "error",
                               "gflop",        "gpu_ms",           "host_cost", "kind",       "layers",
                               "layout",       "max_rel_error",    "name",      "ok",         "percent_of_peak",
                               "precision",    "requested_batch",  "shape",     "skipped",    "speedup",
                               "tflops",       "tolerance"};
    for (const QJsonValue& value : cases) {
        QCOMPARE(QStringList(value.toObject().keys()), caseKeys);
    }
    const QJsonObject reference = cases.at(0).toObject();
    QCOMPARE(reference.value("name").toString(), QStringLiteral("reference-fp32"));
    QCOMPARE(reference.value("algorithm").toString(), QStringLiteral("IMPLICIT_PRECOMP_GEMM+IMPLICIT_PRECOMP_GEMM"));
    QCOMPARE(reference.value("shape").toString(),
             QStringLiteral("x 1x3x224x224, w 32x3x3x3, pad 0, stride 1 -> y 1x32x222x222; "
                            "x 1x32x222x222, w 64x32x3x3, pad 0, stride 1 -> y 1x64x220x220"));
    QCOMPARE(QStringList(reference.value("gpu_ms").toObject().keys()),
             (QStringList{"max", "median", "min", "p10", "p90", "runs"}));
    QCOMPARE(reference.value("gpu_ms").toObject().value("median").toDouble(), 1.0);
    QCOMPARE(reference.value("speedup").toDouble(), 100.0);
    QCOMPARE(reference.value("api").toString(), QStringLiteral("legacy"));
    QCOMPARE(reference.value("api_reason").toString(),
             QStringLiteral("this cuDNN has no graph API (no cudnnBackendCreateDescriptor)"));
    const QJsonObject hostCost = reference.value("host_cost").toObject();
    QCOMPARE(QStringList(hostCost.keys()), (QStringList{"enqueue_ms", "graph_error", "graph_ms"}));
    QCOMPARE(hostCost.value("enqueue_ms").toDouble(), 0.25);
    QVERIFY(hostCost.value("graph_ms").isNull());
    QCOMPARE(reference.value("ok").toBool(), true);
    QCOMPARE(reference.value("cpu_scaled").toBool(true), false);
    // 2 * N*K*C*R*S*P*Q over both layers, at 1 ms.
    const double flops = 2.0 * (32.0 * 3 * 9 * 222 * 222 + 64.0 * 32 * 9 * 220 * 220);
    QVERIFY(std::fabs(reference.value("tflops").toDouble() - flops / 1e-3 / 1e12) < 1e-3);
    QVERIFY(std::fabs(reference.value("percent_of_peak").toDouble() - 100 * flops / 1e9 / 16.19712) < 0.01);
    const QJsonObject layer = reference.value("layers").toArray().at(1).toObject();
    QCOMPARE(QStringList(layer.keys()),
             (QStringList{"algorithm",
                          "c",
                          "engine",
                          "h",
                          "k",
                          "math",
                          "n",
                          "p",
                          "pad_h",
                          "pad_w",
                          "q",
                          "r",
                          "s",
                          "stride_h",
                          "stride_w",
                          "w",
                          "workspace_bytes"}));
    QCOMPARE(layer.value("math").toString(), QStringLiteral("FMA"));
    QCOMPARE(layer.value("q").toInt(), 220);
    QVERIFY(layer.value("engine").isNull()); // legacy: an algorithm, no engine

    const QJsonObject skippedCase = cases.at(14).toObject();
    QVERIFY(skippedCase.value("gpu_ms").isNull());
    QVERIFY(skippedCase.value("speedup").isNull());
    QCOMPARE(skippedCase.value("ok").toBool(true), false);
    QCOMPARE(skippedCase.value("skipped").toString(), QStringLiteral("TF32 needs compute capability 8.0 or later"));
    QCOMPARE(skippedCase.value("algorithm").toString(QStringLiteral("absent")), QString());
    QCOMPARE(skippedCase.value("api").toString(QStringLiteral("absent")), QString());
    QVERIFY(skippedCase.value("host_cost").isNull());

    const QJsonObject verdict = root.value("verdict").toObject();
    QCOMPARE(
        QStringList(verdict.keys()),
        (QStringList{"code", "message", "reference_expected_ms", "reference_limit_ms", "reference_ms", "speedup"}));
    QCOMPARE(verdict.value("code").toString(), QStringLiteral("BENCH-OK"));
}

void TestBenchmarkRuntime::reportNamesTheGraphEngineAndHostCost()
{
    BenchmarkResult result = healthyRun();
    CaseResult& graph = result.cases.at(1); // resnet50-conv2_x-fp32: one layer
    graph.api = "graph";
    graph.apiReason.clear();
    graph.algorithmSearch = "autotune";
    EngineChoice engine;
    engine.globalIndex = 57;
    engine.knobs = {EngineKnob{2, 3}, EngineKnob{17, 0}, EngineKnob{99, 7}};
    engine.numericalNotes = {nv::CUDNN_NUMERICAL_NOTE_TENSOR_CORE};
    engine.autotune
        = {AutotuneSample{57, 0.041, ""},
           AutotuneSample{12, std::nullopt, "cudnnBackendExecute returned 3000 (CUDNN_STATUS_NOT_SUPPORTED)"}};
    graph.layers = {LayerChoice{-1, nv::CUDNN_DEFAULT_MATH, 1024, engine}};
    graph.hostCost.enqueueMs = 0.03;
    graph.hostCost.graphMs = summarize({0.02, 0.021, 0.019});
    graph.hostCost.graphError.clear();

    const QJsonObject c = parseObject(benchmarkReportJson(result)).value("cases").toArray().at(1).toObject();
    QCOMPARE(c.value("api").toString(), QStringLiteral("graph"));
    QCOMPARE(c.value("api_reason").toString(QStringLiteral("absent")), QString());
    QCOMPARE(c.value("algorithm").toString(), QStringLiteral("ENGINE_57"));
    QCOMPARE(c.value("algorithm_search").toString(), QStringLiteral("autotune"));
    const QJsonObject layer = c.value("layers").toArray().at(0).toObject();
    QCOMPARE(layer.value("algorithm").toString(), QStringLiteral("ENGINE_57"));
    QCOMPARE(layer.value("math").toString(), QStringLiteral("DEFAULT"));
    QCOMPARE(layer.value("workspace_bytes").toInt(), 1024);
    const QJsonObject e = layer.value("engine").toObject();
    QCOMPARE(QStringList(e.keys()),
             (QStringList{"autotune", "behavior_notes", "global_index", "knobs", "numerical_notes"}));
    QCOMPARE(e.value("global_index").toInt(), 57);
    const QJsonArray knobs = e.value("knobs").toArray();
    QCOMPARE(knobs.size(), 3);
    QCOMPARE(knobs.at(0).toObject().value("type").toString(), QStringLiteral("TILE_SIZE"));
    QCOMPARE(knobs.at(0).toObject().value("type_id").toInt(), 2);
    QCOMPARE(knobs.at(0).toObject().value("value").toInt(), 3);
    QCOMPARE(knobs.at(1).toObject().value("type").toString(), QStringLiteral("SPLIT_K_SLC"));
    QCOMPARE(knobs.at(2).toObject().value("type").toString(), QStringLiteral("KNOB_99"));
    QCOMPARE(e.value("numerical_notes").toArray(), (QJsonArray{QStringLiteral("TENSOR_CORE")}));
    const QJsonArray autotune = e.value("autotune").toArray();
    QCOMPARE(autotune.size(), 2);
    QCOMPARE(autotune.at(0).toObject().value("ms").toDouble(), 0.041);
    QVERIFY(autotune.at(1).toObject().value("ms").isNull());
    QVERIFY(autotune.at(1).toObject().value("error").toString().startsWith(QStringLiteral("cudnnBackendExecute")));
    const QJsonObject hostCost = c.value("host_cost").toObject();
    QCOMPARE(hostCost.value("enqueue_ms").toDouble(), 0.03);
    QCOMPARE(hostCost.value("graph_ms").toObject().value("median").toDouble(), 0.02);
    QCOMPARE(hostCost.value("graph_ms").toObject().value("runs").toInt(), 3);
    QCOMPARE(hostCost.value("graph_error").toString(QStringLiteral("absent")), QString());
}

void TestBenchmarkRuntime::timeoutReportNamesTheActivity()
{
    BenchmarkResult soFar;
    soFar.gpu = rtx3060Ti();
    const QJsonObject root = parseObject(benchmarkTimeoutJson(
        soFar, "reference-fp32: warm-up (cudnnConvolutionForward)", std::chrono::milliseconds(3000)));
    const QJsonObject verdict = root.value("verdict").toObject();
    QCOMPARE(verdict.value("code").toString(), QStringLiteral("BENCH-TIMEOUT"));
    QCOMPARE(verdict.value("message").toString(),
             QStringLiteral("The benchmark did not finish within 3000 ms. It was at: reference-fp32: warm-up "
                            "(cudnnConvolutionForward). A driver or cuDNN call probably hangs."));
    QCOMPARE(root.value("gpu").toObject().value("name").toString(), QStringLiteral("NVIDIA GeForce RTX 3060 Ti"));
    QVERIFY(root.value("cases").toArray().isEmpty());
}

void TestBenchmarkRuntime::realLibrariesExportEverythingTheBenchmarkCalls()
{
    const QString cudnnPath = kRealLibraryDir + QStringLiteral("/libcudnn.so.9");
    const QString cudartPath = kRealLibraryDir + QStringLiteral("/libcudart.so.13");
    if (!QFile::exists(cudnnPath) || !QFile::exists(cudartPath)) {
        QSKIP("needs the real CUDA 13.0 toolkit with cuDNN 9 in /usr/local/cuda-13.0");
    }
    // Loading and resolving needs no GPU: this checks every declared name against NVIDIA's own libraries.
    DynamicLibrary cudnnLibrary;
    QVERIFY2(cudnnLibrary.open(cudnnPath.toStdString()), cudnnLibrary.lastError().c_str());
    CudnnApi cudnn;
    QVERIFY2(cudnn.resolve(cudnnLibrary), cudnnLibrary.lastError().c_str());
    QVERIFY(cudnn.findConvolutionForwardAlgorithm);
    QVERIFY(cudnn.getConvolutionForwardAlgorithmV7);
    QVERIFY2(cudnn.backend.available(), cudnn.backend.missing()); // the graph API, by the names declared here
    QCOMPARE(QString::fromStdString(cudnn.describe(1001)), QStringLiteral("1001 (CUDNN_STATUS_NOT_INITIALIZED)"));

    DynamicLibrary cudartLibrary;
    QVERIFY2(cudartLibrary.open(cudartPath.toStdString()), cudartLibrary.lastError().c_str());
    CudartApi cudart;
    QVERIFY2(cudart.resolve(cudartLibrary), cudartLibrary.lastError().c_str());
    QVERIFY(cudart.getErrorName);
    QVERIFY2(cudart.hasGraphs(), cudart.missingGraphFunction.c_str()); // stream capture and CUDA graphs
    int version = 0;
    QCOMPARE(cudart.runtimeGetVersion(&version), 0);
    QCOMPARE(version / 1000, 13);
    QCOMPARE(QString::fromStdString(cudart.describe(2)),
             QStringLiteral("2 (cudaErrorMemoryAllocation: out of memory)"));
}

void TestBenchmarkRuntime::realCudnnFinalizesTheLayerDescriptors_data()
{
    QTest::addColumn<int>("precision");
    QTest::addColumn<int>("layout");
    QTest::newRow("fp32 nhwc") << int(Precision::Fp32) << int(TensorLayout::Nhwc);
    QTest::newRow("fp16 nhwc") << int(Precision::Fp16) << int(TensorLayout::Nhwc);
    QTest::newRow("tf32 nchw") << int(Precision::Tf32) << int(TensorLayout::Nchw);
}

void TestBenchmarkRuntime::realCudnnFinalizesTheLayerDescriptors()
{
    QFETCH(int, precision);
    QFETCH(int, layout);
    const QString cudnnPath = kRealLibraryDir + QStringLiteral("/libcudnn.so.9");
    if (!QFile::exists(cudnnPath)) {
        QSKIP("needs the real CUDA 13.0 toolkit with cuDNN 9 in /usr/local/cuda-13.0");
    }
    // NVIDIA's cuDNN finalizes tensor, convolution and operation descriptors without a GPU: every attribute name,
    // type and value the graph path sets up to the operation graph is checked by the real library. The operation
    // graph needs a cudnnHandle_t (a GPU), so with none it must be the first thing refused.
    DynamicLibrary cudnnLibrary;
    QVERIFY2(cudnnLibrary.open(cudnnPath.toStdString()), cudnnLibrary.lastError().c_str());
    CudnnApi cudnn;
    QVERIFY2(cudnn.resolve(cudnnLibrary), cudnnLibrary.lastError().c_str());
    ConvShape shape;
    shape.n = 2;
    shape.c = 64;
    shape.h = 56;
    shape.w = 56;
    shape.k = 64;
    shape.r = 3;
    shape.s = 3;
    shape.padH = shape.padW = 1;
    shape.strideH = shape.strideW = 1;
    QString message;
    try {
        const auto graph = std::make_shared<GraphConvolution>(
            cudnn, nullptr, shape, static_cast<TensorLayout>(layout), static_cast<Precision>(precision));
    } catch (const GpuCallError& error) {
        message = QString::fromUtf8(error.what());
    }
    QVERIFY2(message.contains(QStringLiteral("(operation graph)")), qPrintable(message));
    qInfo("%s", qPrintable(message));
}

QTEST_GUILESS_MAIN(TestBenchmarkRuntime)
#include "TestBenchmarkRuntime.moc"
