#include "CommandLine.h"
#include "ConsoleRunner.h"
#include "engine/Engine.h"

#include <QCoreApplication>
#include <QTextStream>
#include <cstdio>

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("cudnn-setup"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CUDNN_SETUP_VERSION));

    QTextStream out(stdout);
    QTextStream err(stderr);
    const Invocation invocation = parseCommandLine(QCoreApplication::arguments());
    if (!invocation.error.isEmpty()) {
        err << QStringLiteral("cudnn-setup: %1\nTry cudnn-setup --help.\n").arg(invocation.error);
        return toInt(ExitCode::UsageError);
    }
    switch (invocation.mode) {
    case Invocation::Mode::Help:
    case Invocation::Mode::Wizard: // the wizard arrives with the GUI; until then, say what there is
        out << commandLineHelp();
        return toInt(ExitCode::Ok);
    case Invocation::Mode::Version:
        out << QStringLiteral("cudnn-setup %1\n").arg(QCoreApplication::applicationVersion());
        return toInt(ExitCode::Ok);
    default:
        break;
    }

    const Engine engine;
    ConsoleRunner runner(engine, out, err);
    return toInt(runner.run(invocation));
}
