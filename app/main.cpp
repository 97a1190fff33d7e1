#include "CommandLine.h"
#include "ConsoleRunner.h"
#include "Localization.h"
#include "SetupWizard.h"
#include "SignalCancellation.h"
#include "WizardLaunch.h"
#include "engine/Engine.h"

#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QImageReader>
#include <QStandardPaths>
#include <QTextStream>

#ifdef Q_OS_WIN
// shellapi.h needs windows.h first.
// clang-format off
#include <windows.h>
#include <shellapi.h>
// clang-format on

/**
 * cudnn-setup.exe is a console program, so --silent exit codes and output work in cmd, PowerShell and deployment
 * agents. Double-clicked from Explorer it gets a console of its own (it is the only process attached): let it go.
 */
static void detachOwnConsole()
{
    DWORD processes[2];
    if (GetConsoleProcessList(processes, 2) == 1)
        FreeConsole();
}

/**
 * The command line as UTF-16: argv holds it in the ANSI code page, which turns a path like
 * C:\Users\张三\Downloads\cudnn.zip into question marks on a machine whose code page lacks those characters.
 */
static QStringList argumentsOf(int, char*[])
{
    QStringList arguments;
    int count = 0;
    if (LPWSTR* words = CommandLineToArgvW(GetCommandLineW(), &count)) {
        for (int i = 0; i < count; ++i)
            arguments.append(QString::fromWCharArray(words[i]));
        LocalFree(words);
    }
    return arguments;
}
#else
static void detachOwnConsole() { }

static QStringList argumentsOf(int argc, char* argv[])
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    return arguments;
}
#endif

/** Where the wizard's install writes its log (the Finish page opens it): one file per run. */
static QString wizardLogFile()
{
    const QString folder
        = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/logs");
    QDir().mkpath(folder);
    return folder
        + QStringLiteral("/install-%1.log")
              .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
}

static int runWizard(int argc, char* argv[], const Invocation& invocation)
{
    detachOwnConsole();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("cudnn-setup"));
    QApplication::setApplicationVersion(QStringLiteral(CUDNN_SETUP_VERSION));
    // Without Qt's SVG plugin (the Windows build has none) Windows shows the icon of the executable's resources.
    if (QImageReader::supportedImageFormats().contains("svg"))
        QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/cudnn-setup.svg")));
    Localization::install(invocation.language);

    Engine engine;
    // A root-owned toolkit: the privileged part runs in an elevated copy of this executable (docs/elevation.md).
    engine.setElevation(QCoreApplication::applicationFilePath());
    const std::unique_ptr<SetupWizard> wizard = openWizard(engine, invocation);
    wizard->state().setLogFile(wizardLogFile());
    wizard->show();
    return app.exec();
}

static int runConsole(int argc, char* argv[], const Invocation& invocation)
{
    QCoreApplication app(argc, argv); // silent mode works with no display at all
    QCoreApplication::setApplicationName(QStringLiteral("cudnn-setup"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CUDNN_SETUP_VERSION));
    Localization::install(invocation.language); // empty: the system's language, as the wizard has it

    QTextStream out(stdout);
    QTextStream err(stderr);
    if (invocation.mode == Invocation::Mode::Help) {
        out << commandLineHelp();
        return toInt(ExitCode::Ok);
    }
    if (invocation.mode == Invocation::Mode::Version) {
        out << QStringLiteral("cudnn-setup %1\n").arg(QCoreApplication::applicationVersion());
        return toInt(ExitCode::Ok);
    }
    const SignalCancellation stopping; // SIGTERM, Ctrl+C, a closed terminal: roll back and report, never half-done
    const Engine engine;
    ConsoleRunner runner(engine, out, err, stopping.token());
    return toInt(runner.run(invocation));
}

/** A wrong command line, worded in the language it asked for: parsed again once that translation is installed. */
static int reportUsageError(int argc, char* argv[], const QStringList& arguments)
{
    QCoreApplication app(argc, argv);
    const QString language = requestedLanguage(arguments);
    Localization::install(language); // a --lang that is wrong itself: the system's language words the error
    QTextStream(stderr) << usageErrorText(parseCommandLine(arguments).error);
    return toInt(ExitCode::UsageError);
}

int main(int argc, char* argv[])
{
    const QStringList arguments = argumentsOf(argc, argv);
    const Invocation invocation = parseCommandLine(arguments);
    if (!invocation.error.isEmpty())
        return reportUsageError(argc, argv, arguments);
    return invocation.opensWizard() ? runWizard(argc, argv, invocation) : runConsole(argc, argv, invocation);
}
