#include "VerifyRunner.h"

#include "common/Logging.h"
#include "cudnnfacts/VerifyCode.h"
#include "detect/CudnnInstallScanner.h"
#include "detect/DriverDetector.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>

VerifyRunner::VerifyRunner(const HostEnvironment& host, const ProcessRunner& runner)
    : m_host(host)
    , m_runner(runner)
{
}

QStringList VerifyRunner::probeArguments(const Options& options) const
{
    QStringList arguments{QStringLiteral("--timeout-ms"),
                          QString::number(std::max(1000, options.timeoutMs - 5000)),
                          QStringLiteral("verify")};
    if (options.toolkitRoot.isEmpty())
        return arguments;

    const bool windows = m_host.os == OsFlavor::Windows;
    const QRegularExpression mainLibrary(windows ? QStringLiteral("^cudnn64_(\\d+)\\.dll$")
                                                 : QStringLiteral("^libcudnn\\.so\\.(\\d+)$"),
                                         QRegularExpression::CaseInsensitiveOption);
    QList<QPair<int, QString>> found; // (major, path)
    QStringList seen; // lib64 is often a link to lib: one file, one argument
    for (const QString& dir : CudnnInstallScanner::toolkitLibraryDirs(m_host.os, options.toolkitRoot)) {
        const QDir folder(dir);
        for (const QString& name : folder.entryList(QDir::Files | QDir::System)) {
            const QRegularExpressionMatch match = mainLibrary.match(name);
            const QString canonical = QFileInfo(folder.filePath(name)).canonicalFilePath();
            if (match.hasMatch() && !seen.contains(canonical)) {
                seen.append(canonical);
                found.append({match.captured(1).toInt(), folder.filePath(name)});
            }
        }
    }
    std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [major, path] : found)
        arguments << QStringLiteral("--library") << QDir::toNativeSeparators(path);
    if (found.isEmpty()) // nothing there: the probe reports the loader's own error for the expected name
        arguments << QStringLiteral("--library")
                  << QDir::toNativeSeparators(
                         QDir(CudnnInstallScanner::toolkitLibraryDirs(m_host.os, options.toolkitRoot).constFirst())
                             .filePath(windows ? QStringLiteral("cudnn64_9.dll") : QStringLiteral("libcudnn.so.9")));

    for (const QString& dir : CudnnInstallScanner::toolkitIncludeDirs(m_host.os, options.toolkitRoot)) {
        for (const QString& header : {QStringLiteral("cudnn_version.h"), QStringLiteral("cudnn.h")}) {
            const QString path = QDir(dir).filePath(header);
            if (QFileInfo::exists(path)) {
                arguments << QStringLiteral("--header") << QDir::toNativeSeparators(path);
                return arguments;
            }
        }
    }
    return arguments;
}

QMap<QString, QString> VerifyRunner::probeEnvironment(const Options& options) const
{
    const bool windows = m_host.os == OsFlavor::Windows;
    const QString searchVariable = windows ? QStringLiteral("PATH") : QStringLiteral("LD_LIBRARY_PATH");
    QMap<QString, QString> environment;
    for (const QString& name : {QStringLiteral("PATH"), QStringLiteral("LD_LIBRARY_PATH")}) {
        const QString value = m_host.variable(name);
        if (!value.isNull())
            environment.insert(name, value);
    }
    if (options.toolkitRoot.isEmpty())
        return environment;
    QStringList first;
    QStringList seen;
    for (const QString& dir : CudnnInstallScanner::toolkitLibraryDirs(m_host.os, options.toolkitRoot)) {
        const QString canonical = QFileInfo(dir).canonicalFilePath();
        if (QFileInfo(dir).isDir() && !seen.contains(canonical)) {
            seen.append(canonical);
            first.append(QDir::toNativeSeparators(dir));
        }
    }
    const QString separator = windows ? QStringLiteral(";") : QStringLiteral(":");
    const QString rest = environment.value(searchVariable);
    if (!first.isEmpty())
        environment.insert(searchVariable, first.join(separator) + (rest.isEmpty() ? QString() : separator + rest));
    return environment;
}

std::optional<TrustVerdict> VerifyRunner::untrustedLibraries(OsFlavor os, const QString& toolkitRoot)
{
    if (toolkitRoot.isEmpty() || !PathTrust::privileged())
        return std::nullopt;
    for (const QString& dir : CudnnInstallScanner::toolkitLibraryDirs(os, toolkitRoot)) {
        if (!QFileInfo(dir).isDir())
            continue;
        const TrustVerdict trust = PathTrust::forTree(dir, MaxCheckedLibraryEntries);
        if (!trust.trusted)
            return trust;
    }
    return std::nullopt;
}

VerifyResult VerifyRunner::run(const Options& options) const
{
    if (const auto untrusted = untrustedLibraries(m_host.os, options.toolkitRoot))
        return VerifyResult::notRun(QString::fromLatin1(VerifyCode::NotTrusted),
                                    tr("cuDNN was not loaded with administrator rights, since others can change its "
                                       "libraries (%1); verify it without administrator rights.")
                                        .arg(untrusted->explanation()));
    const QString probe = DriverDetector::probeProgram(m_host);
    if (!QFileInfo(probe).isExecutable())
        return VerifyResult::notRun(QString::fromLatin1(VerifyCode::ProbeFailed),
                                    tr("cudnn-probe was not found at %1.").arg(QDir::toNativeSeparators(probe)));
    qCDebug(lcVerify) << "running" << probe << probeArguments(options) << "with" << probeEnvironment(options);
    const ProcessResult run
        = m_runner.run(probe, probeArguments(options), options.timeoutMs, probeEnvironment(options));
    qCDebug(lcVerify) << "exit" << run.exitCode << "timed out" << run.timedOut << "stdout"
                      << run.standardOutput.left(4000) << "stderr" << run.standardError.left(2000);
    const QJsonObject json = QJsonDocument::fromJson(run.standardOutput).object();
    if (run.succeeded() && json.contains(QStringLiteral("verify"))) {
        VerifyResult result = VerifyResult::fromProbeJson(json);
        const QStringList arguments = probeArguments(options);
        const qsizetype library = arguments.indexOf(QStringLiteral("--library"));
        if (options.newLogin && !options.toolkitRoot.isEmpty() && library >= 0 && library + 1 < arguments.size()) {
            const QString expected = QDir::fromNativeSeparators(arguments.at(library + 1));
            result.observe(observeNewProgram(QFileInfo(expected).fileName(), expected, options),
                           options.newProgramsMustGetIt);
        }
        return result;
    }
    if (run.timedOut || run.exitCode == 124)
        return VerifyResult::notRun(
            QString::fromLatin1(VerifyCode::Timeout),
            tr("loading cuDNN did not finish within %1 seconds.").arg(options.timeoutMs / 1000));
    // Any other end is the probe dying inside a library: itself a finding about that library.
    return VerifyResult::notRun(QString::fromLatin1(VerifyCode::ProbeFailed),
                                run.errorString.isEmpty()
                                    ? tr("cudnn-probe ended with exit code %1 while loading cuDNN: %2")
                                          .arg(run.exitCode)
                                          .arg(QString::fromUtf8(run.standardError).trimmed())
                                    : run.errorString);
}

NewProgramLoad
VerifyRunner::observeNewProgram(const QString& library, const QString& expected, const Options& options) const
{
    NewProgramLoad load;
    load.library = library;
    load.expected = expected;
    const bool windows = m_host.os == OsFlavor::Windows;
    const QString searchVariable = windows ? QStringLiteral("PATH") : QStringLiteral("LD_LIBRARY_PATH");
    QMap<QString, QString> environment = options.newLogin.value_or(QMap<QString, QString>());
    // Every search variable is set, empty if need be: nothing of this process's own environment leaks in.
    for (const QString& name : {QStringLiteral("PATH"), QStringLiteral("LD_LIBRARY_PATH")}) {
        if (!environment.contains(name))
            environment.insert(name, QString());
    }
    load.ldLibraryPath = environment.value(searchVariable);
    const QString probe = DriverDetector::probeProgram(m_host);
    const QStringList arguments{QStringLiteral("--timeout-ms"),
                                QString::number(std::max(1000, options.timeoutMs - 5000)),
                                QStringLiteral("cudnn"),
                                QStringLiteral("--library"),
                                library};
    qCDebug(lcVerify) << "observing a new program:" << probe << arguments << "with" << environment;
    const ProcessResult run = m_runner.run(probe, arguments, options.timeoutMs, environment);
    const QJsonObject cudnn
        = QJsonDocument::fromJson(run.standardOutput).object().value(QStringLiteral("cudnn")).toObject();
    if (!run.succeeded() || cudnn.isEmpty()) {
        load.error = run.errorString.isEmpty() ? QString::fromUtf8(run.standardError).trimmed() : run.errorString;
        return load;
    }
    load.ran = true;
    if (cudnn.value(QStringLiteral("loaded")).toBool())
        load.loaded = cudnn.value(QStringLiteral("path")).toString();
    load.version = cudnn.value(QStringLiteral("version_text")).toString();
    load.error = cudnn.value(QStringLiteral("error")).toString();
    return load;
}
