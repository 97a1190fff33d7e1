// The Windows side of elevation under wine: the engine, as the wizard drives it, hands an install into a toolkit this
// user may not write to an elevated copy of cudnn-setup.exe, started through the real ShellExecuteExW "runas" (or
// an injected launcher), waits on its process handle, and reads its exit code and its report (with this run's
// token) back. Built with the Windows product (it links the engine); run by tests/wine/product-tests.sh, scenario
// `elevation`, as a user who may not write into the toolkit. Wine elevates nothing, so the copy runs as that user
// too and is refused in its turn (exit 4): what this proves is the hand-over, not a privilege.
//   elevation-wine-test runas|declined <cudnn-setup.exe> <archive> <toolkit> <report>
// Exit code: the number of failed checks (2: usage).
#include "elevation/ElevationLauncher.h"
#include "elevation/ElevationRequest.h"
#include "engine/Engine.h"
#include "install/PackageService.h"
#include "report/Report.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QTextStream>
#include <cstdio>

namespace {

int failures = 0;

void check(bool condition, const QString& what)
{
    std::printf("%s %s\n", condition ? "ok:" : "FAIL:", qPrintable(what));
    if (!condition)
        ++failures;
}

/** Every file under root with its size: enough to see that nothing was added, removed or rewritten. */
QStringList listing(const QString& root)
{
    QStringList files;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        files.append(QStringLiteral("%1 %2").arg(it.filePath()).arg(it.fileInfo().size()));
    }
    files.sort();
    return files;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    std::printf("wine-tests: started\n");
    std::fflush(stdout);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 6) {
        std::printf("usage: elevation-wine-test runas|declined <cudnn-setup.exe> <archive> <toolkit> <report>\n");
        return 2;
    }
    const QString scenario = args[1];
    const QString setupExe = args[2];
    const QString archive = args[3];
    const QString toolkit = QDir::fromNativeSeparators(args[4]);
    const QString reportFile = args[5];

    Engine engine;
    std::shared_ptr<const ElevationLauncher> launcher;
    if (scenario == QLatin1String("runas"))
        launcher = makeRunasLauncher();
    else // the person says no: what pkexec answers with 126 and UAC's Cancel (ERROR_CANCELLED) mean alike
        launcher = std::make_shared<CommandLauncher>(QStringList{
            QStringLiteral("cmd.exe"), QStringLiteral("/c"), QStringLiteral("exit"), QStringLiteral("126")});
    engine.setElevation(setupExe, launcher);

    DetectOptions detecting;
    detecting.cudaRoots = {toolkit};
    const SystemSnapshot system = engine.detect(detecting);
    const PackageChoice choice = PackageService::pick(archive, system, toolkit, false);
    check(choice.ok(), QStringLiteral("the seed's archive fits the v11.3 toolkit"));
    const std::optional<ElevationRequest> step = engine.privilegedStep(choice, system, PathScope::User);
    check(step.has_value(), QStringLiteral("a toolkit this user may not write needs the elevated copy"));
    const QStringList before = listing(toolkit);

    InstallRequest options;
    options.elevation = InstallRequest::Elevation::AskForRights;
    options.judged = choice;
    options.system = system;
    options.verify = false;
    options.benchmark = false;
    const SetupOutcome outcome = engine.install(options);
    const Report report = outcome.toReport();
    QFile out(reportFile);
    if (out.open(QIODevice::WriteOnly))
        out.write(report.toJsonBytes());

    check(outcome.elevation.has_value(), QStringLiteral("the install went to an elevated copy"));
    if (outcome.elevation) {
        const ElevationOutcome& e = *outcome.elevation;
        std::printf("elevation: %s, exit code %d, %s\n",
                    qPrintable(ElevationOutcome::statusName(e.status)),
                    e.exitCode,
                    qPrintable(e.detail));
        if (scenario == QLatin1String("runas")) {
            check(e.status == ElevationOutcome::Status::Ran,
                  QStringLiteral("ShellExecuteExW runas started the copy, waited for it, and its report (this run's "
                                 "token) came back"));
            check(e.exitCode == 4,
                  QStringLiteral("GetExitCodeProcess gave the copy's exit code: 4 (wine elevates "
                                 "nothing, so the copy may not write either)"));
            check(e.report.value(QStringLiteral("status")).toString() == QLatin1String("needs_elevation"),
                  QStringLiteral("the copy's own report says needs_elevation"));
            check(e.report.value(QStringLiteral("package")).toObject().value(QStringLiteral("sha256")).toString()
                      == choice.chosen()->inspection.sha256,
                  QStringLiteral("the copy judged the archive the engine showed (same SHA-256)"));
        } else {
            check(e.status == ElevationOutcome::Status::Declined, QStringLiteral("a declined elevation is Declined"));
            check(e.nothingRan(), QStringLiteral("after a decline nothing ran"));
        }
    }
    check(!outcome.install.succeeded(), QStringLiteral("the install is not reported as done"));
    check(listing(toolkit) == before, QStringLiteral("the toolkit is exactly as it was"));
    std::printf("%s elevation-%s: %d failure(s)\n", failures ? "FAIL" : "PASS", qPrintable(scenario), failures);
    return failures;
}
