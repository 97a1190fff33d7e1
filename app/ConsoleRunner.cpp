#include "ConsoleRunner.h"

#include "DetectSummary.h"
#include "report/Report.h"

#include <QJsonDocument>

ConsoleRunner::ConsoleRunner(const Engine& engine, QTextStream& out, QTextStream& err)
    : m_engine(engine)
    , m_out(out)
    , m_err(err)
{
}

ExitCode ConsoleRunner::run(const Invocation& invocation)
{
    switch (invocation.mode) {
    case Invocation::Mode::Detect:
        return detect(invocation);
    case Invocation::Mode::Install:
        return notAvailableYet(QStringLiteral("Installing a package"));
    case Invocation::Mode::Uninstall:
        return notAvailableYet(QStringLiteral("Uninstalling"));
    case Invocation::Mode::Repair:
        return notAvailableYet(QStringLiteral("Repair"));
    case Invocation::Mode::Wizard:
    case Invocation::Mode::Help:
    case Invocation::Mode::Version:
        break;
    }
    return ExitCode::UsageError;
}

ExitCode ConsoleRunner::detect(const Invocation& invocation)
{
    DetectOptions options;
    options.cudaRoots = invocation.cudaRoots;
    const SystemSnapshot snapshot = m_engine.detect(options);

    Report report(QStringLiteral("detect"));
    report.setStatus(QStringLiteral("ok"));
    const QJsonObject facts = snapshot.toJson();
    for (auto it = facts.begin(); it != facts.end(); ++it)
        report.setSection(it.key(), it.value());
    report.addDiagnostics(snapshot.diagnostics);

    if (invocation.json)
        m_out << report.toJsonBytes();
    else
        m_out << detectSummary(snapshot);
    m_out.flush();

    if (!invocation.reportFile.isEmpty()) {
        QString error;
        if (!report.writeTo(invocation.reportFile, &error)) {
            m_err
                << QStringLiteral("cudnn-setup: cannot write the report to %1: %2\n").arg(invocation.reportFile, error);
            return ExitCode::Failed;
        }
    }
    return ExitCode::Ok; // detection ran, whatever it found
}

ExitCode ConsoleRunner::notAvailableYet(const QString& what)
{
    m_err << QStringLiteral("cudnn-setup: %1 is not available in this build yet; --detect is.\n").arg(what);
    return ExitCode::Failed;
}
