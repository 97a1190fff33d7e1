#include "CommandLine.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace {

struct Options
{
    QCommandLineOption silent{QStringLiteral("silent"),
                              QStringLiteral("Run without any window or question (deployment scripts).")};
    QCommandLineOption detect{QStringLiteral("detect"),
                              QStringLiteral("Report the driver, GPUs, CUDA toolkits and cuDNN installs.")};
    QCommandLineOption json{QStringLiteral("json"), QStringLiteral("With --detect: print JSON instead of text.")};
    QCommandLineOption repair{QStringLiteral("repair"), QStringLiteral("Find what is broken and offer fixes.")};
    QCommandLineOption package{QStringLiteral("package"),
                               QStringLiteral("The cuDNN archive, or a folder of archives to pick from."),
                               QStringLiteral("FILE|DIR")};
    QCommandLineOption fetch{QStringLiteral("fetch"),
                             QStringLiteral("Download the newest cuDNN that fits this machine (or reuse it from the "
                                            "cache), then install it.")};
    QCommandLineOption mirror{QStringLiteral("mirror"),
                              QStringLiteral("With --fetch: a redist tree with NVIDIA's layout (http(s):// or "
                                             "file://) instead of NVIDIA's."),
                              QStringLiteral("URL")};
    QCommandLineOption manifest{QStringLiteral("manifest"),
                                QStringLiteral("With --fetch: read only this redistrib_<version>.json."),
                                QStringLiteral("URL")};
    QCommandLineOption cache{QStringLiteral("cache"),
                             QStringLiteral("With --fetch: where downloaded archives are kept."),
                             QStringLiteral("DIR")};
    QCommandLineOption cudaRoot{QStringLiteral("cuda-root"),
                                QStringLiteral("A CUDA toolkit folder (repeatable); the install target."),
                                QStringLiteral("DIR")};
    QCommandLineOption dryRun{QStringLiteral("dry-run"),
                              QStringLiteral("Show the verdict and the plan; change nothing.")};
    QCommandLineOption force{QStringLiteral("force"),
                             QStringLiteral("Install despite a compatibility block (never despite damage or danger).")};
    QCommandLineOption report{
        QStringLiteral("report"), QStringLiteral("Write the JSON report to FILE."), QStringLiteral("FILE")};
    QCommandLineOption log{QStringLiteral("log"), QStringLiteral("Write a log to FILE."), QStringLiteral("FILE")};
    QCommandLineOption uninstall{
        QStringLiteral("uninstall"),
        QStringLiteral("Restore the toolkit to how it was before cudnn-setup installed cuDNN.")};
    QCommandLineOption deployTo{QStringLiteral("deploy-to"),
                                QStringLiteral("Copy the runtime libraries next to an application instead."),
                                QStringLiteral("DIR")};
    QCommandLineOption pathScope{QStringLiteral("path-scope"),
                                 QStringLiteral("Which PATH to fix: user (default), machine or none."),
                                 QStringLiteral("SCOPE"),
                                 QStringLiteral("user")};
    QCommandLineOption benchmark{QStringLiteral("benchmark"),
                                 QStringLiteral("Run the convolution benchmark after installing (default).")};
    QCommandLineOption noBenchmark{QStringLiteral("no-benchmark"), QStringLiteral("Skip the benchmark.")};
    QCommandLineOption noVerify{QStringLiteral("no-verify"),
                                QStringLiteral("Skip loading the installed cuDNN in a fresh process (for a toolkit "
                                               "that another machine will use).")};
    QCommandLineOption language{
        QStringLiteral("lang"), QStringLiteral("Language of the interface: en or zh_CN."), QStringLiteral("LANG")};
    QCommandLineOption packageSha256{QStringLiteral("package-sha256"),
                                     QStringLiteral("Install only if the archive's SHA-256 is this (64 hex digits)."),
                                     QStringLiteral("HEX")};
    QCommandLineOption progressFile{QStringLiteral("progress-file"),
                                    QStringLiteral("Append one JSON line per progress update to this existing file."),
                                    QStringLiteral("FILE")};
    QCommandLineOption elevationToken{QStringLiteral("elevation-token"),
                                      QStringLiteral("Internal: the elevated copy the wizard starts for the "
                                                     "privileged step (docs/elevation.md)."),
                                      QStringLiteral("TOKEN")};
    QCommandLineOption forMachine{QStringLiteral("for-machine"),
                                  QStringLiteral("With --dry-run --package: judge the archive for the machine FILE "
                                                 "describes (what --detect --json printed there), not for this one."),
                                  QStringLiteral("FILE")};
    QCommandLineOption forMachines{QStringLiteral("for-machines"),
                                   QStringLiteral("With --dry-run --package: judge the archive for every machine a "
                                                  "*.json file in DIR describes; exit 0 only if it fits them all."),
                                   QStringLiteral("DIR")};
    QCommandLineOption help{{QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help.")};
    QCommandLineOption version{{QStringLiteral("v"), QStringLiteral("version")}, QStringLiteral("Show the version.")};

    void addTo(QCommandLineParser& parser) const
    {
        parser.addOptions({silent,        detect,       json,           repair,    package,     fetch,       mirror,
                           manifest,      cache,        cudaRoot,       dryRun,    force,       report,      log,
                           uninstall,     deployTo,     pathScope,      benchmark, noBenchmark, noVerify,    language,
                           packageSha256, progressFile, elevationToken, help,      forMachine,  forMachines, version});
    }
};

void configure(QCommandLineParser& parser, const Options& options)
{
    parser.setApplicationDescription(QStringLiteral(
        "cudnn-setup installs NVIDIA cuDNN into a CUDA toolkit, fixes the search path and proves it works."));
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    options.addTo(parser);
}

} // namespace

QString commandLineHelp()
{
    QCommandLineParser parser;
    Options options;
    configure(parser, options);
    return parser.helpText();
}

Invocation parseCommandLine(const QStringList& arguments)
{
    QCommandLineParser parser;
    Options o;
    configure(parser, o);
    Invocation inv;
    if (!parser.parse(arguments)) {
        inv.error = parser.errorText();
        return inv;
    }
    if (!parser.positionalArguments().isEmpty()) {
        inv.error = QStringLiteral("Unexpected argument: %1").arg(parser.positionalArguments().first());
        return inv;
    }

    inv.silent = parser.isSet(o.silent);
    inv.json = parser.isSet(o.json);
    inv.dryRun = parser.isSet(o.dryRun);
    inv.force = parser.isSet(o.force);
    inv.cudaRoots = parser.values(o.cudaRoot);
    inv.package = parser.value(o.package);
    inv.fetch = parser.isSet(o.fetch);
    inv.mirror = parser.value(o.mirror);
    inv.manifest = parser.value(o.manifest);
    inv.cacheDir = parser.value(o.cache);
    inv.reportFile = parser.value(o.report);
    inv.logFile = parser.value(o.log);
    inv.deployTo = parser.value(o.deployTo);
    inv.pathScope = parser.value(o.pathScope);
    inv.language = parser.value(o.language);
    inv.benchmark = !parser.isSet(o.noBenchmark);
    inv.verify = !parser.isSet(o.noVerify);
    inv.packageSha256 = parser.value(o.packageSha256).toLower();
    inv.progressFile = parser.value(o.progressFile);
    inv.elevationToken = parser.value(o.elevationToken);
    inv.forMachine = parser.value(o.forMachine);
    inv.forMachines = parser.value(o.forMachines);

    if (parser.isSet(o.benchmark) && parser.isSet(o.noBenchmark))
        inv.error = QStringLiteral("--benchmark and --no-benchmark contradict each other.");
    else if (!QStringList{QStringLiteral("user"), QStringLiteral("machine"), QStringLiteral("none")}.contains(
                 inv.pathScope))
        inv.error = QStringLiteral("--path-scope takes user, machine or none, not \"%1\".").arg(inv.pathScope);
    else if (!inv.language.isEmpty() && inv.language != QLatin1String("en") && inv.language != QLatin1String("zh_CN"))
        inv.error = QStringLiteral("--lang takes en or zh_CN, not \"%1\".").arg(inv.language);
    else if (inv.fetch && !inv.package.isEmpty())
        inv.error = QStringLiteral("--fetch and --package contradict each other: fetch the archive, or give it.");
    else if (!inv.fetch && (parser.isSet(o.mirror) || parser.isSet(o.manifest) || parser.isSet(o.cache)))
        inv.error = QStringLiteral("--mirror, --manifest and --cache go with --fetch.");
    else if (parser.isSet(o.mirror) && parser.isSet(o.manifest))
        inv.error = QStringLiteral("--mirror and --manifest contradict each other: give one.");
    else if (parser.isSet(o.packageSha256) && (inv.package.isEmpty() || inv.fetch))
        inv.error = QStringLiteral("--package-sha256 goes with --package FILE.");
    else if (parser.isSet(o.elevationToken)
             && (!inv.silent || inv.package.isEmpty() || inv.packageSha256.isEmpty() || inv.cudaRoots.size() != 1
                 || inv.reportFile.isEmpty() || inv.logFile.isEmpty() || inv.progressFile.isEmpty()
                 || !inv.deployTo.isEmpty() || inv.dryRun || parser.isSet(o.uninstall) || parser.isSet(o.repair)))
        inv.error = QStringLiteral("--elevation-token needs --silent, --package, --package-sha256, one --cuda-root, "
                                   "--report, --log and --progress-file, and nothing else to do.");
    else if (parser.isSet(o.forMachine) && parser.isSet(o.forMachines))
        inv.error = QStringLiteral("--for-machine and --for-machines contradict each other: give one.");
    else if (inv.judgesOtherMachines()
             && (!inv.dryRun || inv.package.isEmpty() || inv.fetch || !inv.deployTo.isEmpty()
                 || parser.isSet(o.elevationToken)))
        inv.error = QStringLiteral("--for-machine and --for-machines go with --dry-run --package ARCHIVE: they judge "
                                   "for other machines and install nothing.");
    if (!inv.error.isEmpty())
        return inv;

    if (parser.isSet(o.help))
        inv.mode = Invocation::Mode::Help;
    else if (parser.isSet(o.version))
        inv.mode = Invocation::Mode::Version;
    else if (parser.isSet(o.detect))
        inv.mode = Invocation::Mode::Detect;
    else if (parser.isSet(o.uninstall))
        inv.mode = Invocation::Mode::Uninstall;
    else if (parser.isSet(o.repair))
        inv.mode = Invocation::Mode::Repair;
    else if (!inv.package.isEmpty() || inv.fetch)
        inv.mode = Invocation::Mode::Install;
    else if (inv.silent)
        inv.error
            = QStringLiteral("--silent needs something to do: --package, --fetch, --uninstall, --repair or --detect.");

    if (inv.json && inv.mode != Invocation::Mode::Detect)
        inv.error = QStringLiteral("--json goes with --detect (use --report FILE for the other commands).");
    return inv;
}
