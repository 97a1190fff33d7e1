#include "runtime/Benchmark.h"

#include "runtime/BenchmarkVerdict.h"
#include "runtime/CaseData.h"
#include "runtime/CpuBaseline.h"
#include "runtime/CpuConvolution.h"
#include "runtime/CudaObjects.h"
#include "runtime/CudnnApi.h"
#include "runtime/CudnnObjects.h"
#include "runtime/DynamicLibrary.h"
#include "runtime/GpuCallError.h"
#include "runtime/GpuCaseRunner.h"
#include "runtime/OneDnnConvolution.h"
#include "runtime/VersionCodes.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <new>

namespace cudnnsetup::runtime {

namespace {

constexpr std::uint64_t kDataSeed = 0x5EED0C0DEull; // fixed: every run computes the same numbers

constexpr nv::CUresult kCudaErrorNoDevice = 100;

std::string mebibytes(std::size_t bytes)
{
    return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB";
}

VerdictCode codeFor(const GpuCallError& error)
{
    return error.library() == GpuCallError::Library::Cudnn ? VerdictCode::CudnnError : VerdictCode::CudaError;
}

/** One run of the benchmark: each step fills `result` or records why it stopped. */
class BenchmarkRun
{
public:
    explicit BenchmarkRun(const BenchmarkOptions& options)
        : m_options(options)
    {
        m_result.quick = options.quick;
        m_result.device = options.device;
        m_result.cpuThreads = cpuThreadCount();
        if (options.onednn) {
            const OneDnnConvolution& onednn = OneDnnConvolution::instance();
            m_result.cpuBaseline
                = cpuBaselineName(onednn.available() ? CpuBaselineKind::OneDnn : CpuBaselineKind::Reference);
            m_result.onednnLibrary = onednn.library();
            m_result.onednnVersion = onednn.version();
            m_result.onednnError = onednn.error();
        } else {
            m_result.onednnError = "not asked for";
        }
    }

    BenchmarkResult run()
    {
        try {
            if (findGpu() && loadCudnn() && loadCudart() && startCudaRuntime()) {
                runWithHandle();
            }
        } catch (const GpuCallError& error) {
            stop(codeFor(error), error.what());
        } catch (const std::exception& error) {
            stop(VerdictCode::CudaError, std::string("The benchmark stopped: ") + error.what());
        }
        m_result.verdict = decideVerdict(m_result);
        return m_result;
    }

private:
    void tell(const std::string& activity)
    {
        if (m_options.onActivity) {
            m_options.onActivity(m_result, activity);
        }
    }

    bool stop(VerdictCode code, const std::string& message)
    {
        m_result.failure = BenchmarkFailure{code, message};
        return false;
    }

    bool findGpu()
    {
        tell("loading the CUDA driver (cuInit)");
        const DriverFacts driver = queryDriver(m_options.driver);
        m_result.libraries.driver = driver.library;
        if (driver.cudaDriverVersion) {
            m_result.libraries.driverCudaVersion = *driver.cudaDriverVersion;
        }
        if (!driver.loaded) {
            return stop(VerdictCode::NoDriver, "No NVIDIA driver: " + driver.error);
        }
        if (!driver.initResult) {
            return stop(VerdictCode::NoDriver, "The NVIDIA driver library is incomplete: " + driver.error);
        }
        if (*driver.initResult == kCudaErrorNoDevice) {
            return stop(VerdictCode::NoGpu, "No GPU: the NVIDIA driver finds no CUDA device (" + driver.error + ")");
        }
        if (*driver.initResult != nv::CUDA_SUCCESS) {
            return stop(VerdictCode::NoDriver, "The NVIDIA driver does not work: " + driver.error);
        }
        const auto gpu = std::find_if(driver.gpus.begin(), driver.gpus.end(), [&](const GpuFacts& facts) {
            return facts.index == m_options.device;
        });
        if (gpu == driver.gpus.end()) {
            std::string message = driver.gpus.empty() ? "No GPU: the NVIDIA driver reports no CUDA device"
                                                      : "No GPU " + std::to_string(m_options.device)
                    + ": the NVIDIA driver reports " + std::to_string(driver.gpus.size()) + " (numbered from 0)";
            return stop(VerdictCode::NoGpu, driver.error.empty() ? message : message + " (" + driver.error + ")");
        }
        m_result.gpu = BenchmarkGpu{*gpu,
                                    gpuPeaks(gpu->computeCapabilityMajor,
                                             gpu->computeCapabilityMinor,
                                             gpu->multiprocessors,
                                             gpu->clockKhz,
                                             gpu->name),
                                    std::nullopt};
        return true;
    }

    bool loadCudnn()
    {
        tell("loading cuDNN");
        const CudnnFacts facts = queryCudnn(m_options.cudnn);
        m_result.libraries.cudnn = facts.path;
        m_result.libraries.cudnnVersion = facts.version;
        m_result.libraries.cudnnCudartVersion = facts.cudartVersion;
        if (!facts.loaded) {
            std::string tried;
            for (const CudnnAttempt& attempt : facts.tried) {
                tried += (tried.empty() ? "" : ", ") + attempt.name;
            }
            return stop(VerdictCode::CudnnLoadFailed,
                        "cuDNN failed to load: " + facts.error + " (tried " + tried + ")");
        }
        if (!m_cudnnLibrary.open(facts.path.empty() ? facts.requested : facts.path)) {
            return stop(VerdictCode::CudnnLoadFailed, "cuDNN failed to load: " + m_cudnnLibrary.lastError());
        }
        if (!m_cudnn.resolve(m_cudnnLibrary)) {
            return stop(VerdictCode::CudnnLoadFailed,
                        "cuDNN (" + facts.path
                            + ") lacks a function the benchmark needs: " + m_cudnnLibrary.lastError());
        }
        m_cudnnLibrary.keepLoadedUntilExit(); // it starts CUDA, which may leave threads and exit handlers behind
        return true;
    }

    bool loadCudart()
    {
        tell("loading the CUDA runtime");
        const std::vector<std::string> candidates = m_options.cudart.empty()
            ? defaultCudartLibraryNames(m_result.libraries.cudnnCudartVersion)
            : m_options.cudart;
        std::string firstError;
        bool loaded = false;
        for (const std::string& name : candidates) {
            if (m_cudartLibrary.open(name)) {
                loaded = true;
                break;
            }
            if (firstError.empty()) {
                firstError = m_cudartLibrary.lastError();
            }
        }
        if (!loaded) {
            std::string tried;
            for (const std::string& name : candidates) {
                tried += (tried.empty() ? "" : ", ") + name;
            }
            return stop(VerdictCode::CudartLoadFailed,
                        "The CUDA runtime failed to load: " + firstError + " (tried " + tried + ")");
        }
        const bool resolved = m_cudart.resolve(m_cudartLibrary);
        m_result.libraries.cudart = m_cudartLibrary.loadedPath(); // after a lookup: some systems need a symbol
        if (!resolved) {
            return stop(VerdictCode::CudartLoadFailed,
                        "The CUDA runtime (" + m_result.libraries.cudart
                            + ") lacks a function the benchmark needs: " + m_cudartLibrary.lastError());
        }
        m_cudartLibrary.keepLoadedUntilExit(); // an initialised runtime registers exit handlers in itself
        int version = 0;
        if (m_cudart.runtimeGetVersion(&version) == nv::cudaSuccess) {
            m_result.libraries.cudartVersion = version;
        }
        return true;
    }

    bool startCudaRuntime()
    {
        tell("starting the CUDA runtime (cudaSetDevice)");
        const nv::cudaError_t error = m_cudart.setDevice(m_options.device);
        if (error != nv::cudaSuccess) {
            std::string message
                = "The CUDA runtime failed to start: cudaSetDevice returned " + m_cudart.describe(error);
            const auto& libs = m_result.libraries;
            const bool driverTooOld
                = error == nv::cudaErrorInsufficientDriver || error == nv::cudaErrorCallRequiresNewerDriver;
            if (driverTooOld && libs.driverCudaVersion && libs.cudartVersion
                && *libs.driverCudaVersion < *libs.cudartVersion) {
                message += ". The driver supports CUDA " + cudaVersionText(*libs.driverCudaVersion)
                    + "; this runtime is CUDA " + cudaVersionText(*libs.cudartVersion)
                    + ": update the NVIDIA driver or use a CUDA runtime the driver supports";
            }
            return stop(VerdictCode::CudaError, message);
        }
        std::size_t freeBytes = 0, totalBytes = 0;
        m_cudart.check(m_cudart.memGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo");
        m_result.gpu->freeBytes = freeBytes;
        return true;
    }

    void runWithHandle()
    {
        CudaStream stream(m_cudart);
        tell("starting cuDNN (cudnnCreate)");
        std::unique_ptr<CudnnHandle> handle;
        try {
            handle = std::make_unique<CudnnHandle>(m_cudnn, stream.get());
        } catch (const GpuCallError& error) {
            stop(VerdictCode::CudnnError, std::string("cuDNN failed to start: ") + error.what());
            return;
        }
        const GpuSession session{m_cudart, m_cudnn, stream, *handle, m_result.gpu->facts.computeCapabilityMajor >= 8};
        const std::vector<BenchmarkCase> cases = benchmarkCases(m_options.quick);
        for (std::size_t i = 0; i < cases.size(); ++i) {
            if (m_options.onCase) {
                m_options.onCase(m_result, i, cases.size(), false);
            }
            m_result.cases.push_back(runCase(session, cases[i], kDataSeed + i));
            if (m_options.onCase) {
                m_options.onCase(m_result, i, cases.size(), true);
            }
        }
    }

    CaseResult runCase(const GpuSession& session, const BenchmarkCase& benchCase, std::uint64_t seed)
    {
        CaseResult result;
        result.benchCase = benchCase;
        if (benchCase.precision == Precision::Tf32 && !session.hasTf32) {
            result.skipped = "TF32 needs compute capability 8.0 or later";
            return result;
        }
        const std::size_t budget = m_result.gpu->freeBytes.value_or(0) / 2;
        result.batch = fittingBatch(benchCase, budget);
        if (result.batch == 0) {
            result.skipped = "needs " + mebibytes(caseDeviceBytes(benchCase, 1)) + " of GPU memory for one image; "
                + mebibytes(budget) + " may be used";
            return result;
        }
        const RunPlan plan = benchmarkRunPlan(m_options.quick);
        try {
            tell(benchCase.name + ": preparing data");
            const CaseData data = makeCaseData(benchCase, result.batch, seed);
            tell(benchCase.name + ": CPU baseline");
            const CpuBaselineResult cpu = runCpuBaseline(benchCase,
                                                         result.batch,
                                                         data,
                                                         plan.cpuBudgetMs,
                                                         m_result.cpuThreads,
                                                         m_result.cpuBaseline == "onednn" ? CpuBaselineKind::OneDnn
                                                                                          : CpuBaselineKind::Reference);
            result.cpuMs = cpu.msForBatch;
            result.cpuImages = cpu.images;
            result.cpuBaseline = cpuBaselineName(cpu.timedWith);

            const GpuCaseRun gpu = runCaseOnGpu(
                session, benchCase, result.batch, data, cpu.images, plan, [this](const std::string& activity) {
                    tell(activity);
                });
            result.api = gpu.api;
            result.apiReason = gpu.apiReason;
            result.algorithmSearch = gpu.algorithmSearch;
            result.layers = gpu.layers;
            result.gpuMs = gpu.timing;
            result.hostCost = gpu.hostCost;
            const double error
                = relativeError(gpu.output.data(), cpu.output.data(), std::min(gpu.output.size(), cpu.output.size()));
            result.compared = true;
            if (std::isfinite(error)) {
                result.maxRelativeError = error;
            }
        } catch (const GpuCallError& error) {
            result.error = error.what();
            result.errorCode = codeFor(error);
        } catch (const std::bad_alloc&) {
            result.error = "not enough host memory for this case at batch " + std::to_string(result.batch);
            result.errorCode = VerdictCode::CudaError;
        }
        return result;
    }

    const BenchmarkOptions& m_options;
    BenchmarkResult m_result;
    DynamicLibrary m_cudnnLibrary;
    CudnnApi m_cudnn;
    DynamicLibrary m_cudartLibrary;
    CudartApi m_cudart;
};

} // namespace

BenchmarkResult runBenchmark(const BenchmarkOptions& options)
{
    return BenchmarkRun(options).run();
}

} // namespace cudnnsetup::runtime
