#include "DriverDetector.h"

#include "DetectCode.h"
#include "ToolOutputParsers.h"
#include "compat/CudaDriverTable.h"

#include <QDir>
#include <QFileInfo>

static constexpr int NvidiaSmiTimeoutMs = 15000;

DriverDetector::DriverDetector(const HostEnvironment& host, const ProcessRunner& runner)
    : m_host(host)
    , m_runner(runner)
{
}

QString DriverDetector::probeProgram(const HostEnvironment& host)
{
    return QDir(host.probeDirectory).filePath(executableName(host.os, QStringLiteral("cudnn-probe")));
}

bool DriverDetector::askProbe(Result& result) const
{
    const QString probe = probeProgram(m_host);
    if (!QFileInfo(probe).isExecutable()) {
        result.diagnostics.append(Diagnostic::of(
            DetectCode::ProbeMissing,
            tr("cudnn-probe was not found next to this program (%1).").arg(displayPath(m_host.os, probe)),
            tr("Reinstall cudnn-setup; without the probe the driver is "
               "asked through nvidia-smi only.")));
        return false;
    }
    // The probe gets the search path of the machine described, as a user's next program would.
    QMap<QString, QString> environment;
    for (const QString& name : {QStringLiteral("PATH"), QStringLiteral("LD_LIBRARY_PATH")}) {
        const QString value = m_host.variable(name);
        if (!value.isNull())
            environment.insert(name, value);
    }
    const int watchdogMs = std::max(500, m_probeTimeoutMs - 1000);
    const ProcessResult run
        = m_runner.run(probe,
                       {QStringLiteral("driver"), QStringLiteral("--timeout-ms"), QString::number(watchdogMs)},
                       m_probeTimeoutMs,
                       environment);
    if (run.timedOut || run.exitCode == 124) {
        result.diagnostics.append(Diagnostic::of(
            DetectCode::DriverHangs,
            tr("The NVIDIA driver did not answer within %1 seconds.").arg(m_probeTimeoutMs / 1000.0, 0, 'g', 3),
            tr("Restart the machine; if it persists, reinstall the driver.")));
        return false;
    }
    if (!run.succeeded()
        || !ToolOutputParsers::parseProbeDriverJson(run.standardOutput, &result.driver, &result.gpus)) {
        result.diagnostics.append(Diagnostic::of(
            DetectCode::DriverProbeFailed,
            tr("Loading the driver libraries failed: %1")
                .arg(run.errorString.isEmpty() ? QString::fromUtf8(run.standardError).trimmed() : run.errorString),
            tr("Reinstall the NVIDIA driver.")));
        return false;
    }
    return true;
}

void DriverDetector::askNvidiaSmi(Result& result) const
{
    const QString smi = executableName(m_host.os, QStringLiteral("nvidia-smi"));
    bool withCapability = true;
    ProcessResult query = m_runner.run(smi, ToolOutputParsers::nvidiaSmiQueryArguments(true), NvidiaSmiTimeoutMs);
    if (!query.started)
        return;
    if (!query.succeeded() && !query.timedOut) { // drivers before ~510 reject the compute_cap field
        withCapability = false;
        query = m_runner.run(smi, ToolOutputParsers::nvidiaSmiQueryArguments(false), NvidiaSmiTimeoutMs);
    }
    if (!query.succeeded())
        return;
    QString driverText;
    const QList<GpuInfo> gpus
        = ToolOutputParsers::parseNvidiaSmiQuery(query.standardOutput, withCapability, &driverText);
    if (result.gpus.isEmpty())
        result.gpus = gpus;
    if (!result.driver.version)
        result.driver.version = Version::parse(driverText);

    if (!result.driver.newestCuda) {
        const ProcessResult header = m_runner.run(smi, {}, NvidiaSmiTimeoutMs);
        if (header.succeeded())
            result.driver.newestCuda = ToolOutputParsers::parseNvidiaSmiHeader(header.standardOutput).cudaVersion;
    }
    if (!result.driver.found && result.driver.version) {
        result.driver.found = true;
        result.driver.source = QStringLiteral("nvidia-smi");
    }
}

DriverDetector::Result DriverDetector::detect() const
{
    Result result;
    const bool probed = askProbe(result);
    const bool complete = probed && result.driver.found && result.driver.version && !result.gpus.isEmpty();
    if (!complete)
        askNvidiaSmi(result);

    if (result.driver.found && !result.driver.newestCuda && result.driver.version)
        result.driver.newestCuda = CudaDriverTable::builtIn().newestCudaFor(*result.driver.version, m_host.os);

    if (!result.driver.found) {
        // A driver that hangs is installed; DRV-HANGS already says so and what to do.
        if (containsCode(result.diagnostics, DetectCode::DriverHangs))
            return result;
        result.diagnostics.append(Diagnostic::of(
            DetectCode::DriverNotFound,
            result.driver.error.isEmpty() ? tr("No NVIDIA driver found.")
                                          : tr("No NVIDIA driver found (%1).").arg(result.driver.error),
            tr("Install the NVIDIA driver for your GPU; cuDNN can be installed now, but nothing runs on the GPU "
               "without a driver.")));
    } else if (!result.driver.error.isEmpty()) {
        result.diagnostics.append(
            Diagnostic::of(DetectCode::DriverNotWorking,
                           tr("The NVIDIA driver is installed but not working: %1").arg(result.driver.error),
                           tr("Check that the GPU is visible (nvidia-smi) and restart "
                              "after a driver update.")));
    }
    return result;
}
