#include "CommandLine.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QRegularExpression>
#include <optional>

namespace {

/**
 * An option for cudnn-setup itself (the elevated copy's hand-over), not for people: it parses, but help, the manual
 * page (help2man reads --help) and the shell completions do not offer it.
 */
QCommandLineOption internal(QCommandLineOption option)
{
    option.setFlags(QCommandLineOption::HiddenFromHelp);
    return option;
}

struct Options
{
    Q_DECLARE_TR_FUNCTIONS(CommandLine)

public:
    QCommandLineOption silent{QStringLiteral("silent"), tr("Run without any window or question (deployment scripts).")};
    QCommandLineOption detect{QStringLiteral("detect"),
                              tr("Report the driver, GPUs, CUDA toolkits and cuDNN installs.")};
    QCommandLineOption json{QStringLiteral("json"), tr("With --detect or --explain: print JSON instead of text.")};
    QCommandLineOption explain{QStringLiteral("explain"),
                               tr("Say what causes the error a program printed, on this machine: the text as the "
                                  "arguments, with --from FILE, or on standard input.")};
    QCommandLineOption from{QStringLiteral("from"),
                            tr("With --explain: read the error text from FILE (- for standard input)."),
                            QStringLiteral("FILE")};
    QCommandLineOption repair{QStringLiteral("repair"), tr("Find what is broken and offer fixes.")};
    QCommandLineOption package{
        QStringLiteral("package"),
        tr("The cuDNN archive, the folder it was extracted into, or a folder of archives to pick from."),
        QStringLiteral("FILE|DIR")};
    QCommandLineOption fetch{QStringLiteral("fetch"),
                             tr("Download the newest cuDNN that fits this machine (or reuse it from the "
                                "cache), then install it.")};
    QCommandLineOption mirror{QStringLiteral("mirror"),
                              tr("With --fetch: a redist tree with NVIDIA's layout (http(s):// or "
                                 "file://) instead of NVIDIA's."),
                              QStringLiteral("URL")};
    QCommandLineOption manifest{QStringLiteral("manifest"),
                                tr("With --fetch: read only this redistrib_<version>.json."),
                                QStringLiteral("URL")};
    QCommandLineOption cache{
        QStringLiteral("cache"), tr("With --fetch: where downloaded archives are kept."), QStringLiteral("DIR")};
    QCommandLineOption cudaRoot{QStringLiteral("cuda-root"),
                                tr("A CUDA toolkit folder (repeatable); the install target."),
                                QStringLiteral("DIR")};
    QCommandLineOption pythonEnv{QStringLiteral("python-env"),
                                 tr("A Python environment (a venv or conda env root) to look at besides those found "
                                    "(repeatable)."),
                                 QStringLiteral("DIR")};
    QCommandLineOption dryRun{QStringLiteral("dry-run"), tr("Show the verdict and the plan; change nothing.")};
    QCommandLineOption force{QStringLiteral("force"),
                             tr("Install despite a compatibility block (never despite damage or danger).")};
    QCommandLineOption report{QStringLiteral("report"), tr("Write the JSON report to FILE."), QStringLiteral("FILE")};
    QCommandLineOption log{QStringLiteral("log"), tr("Write a log to FILE."), QStringLiteral("FILE")};
    QCommandLineOption uninstall{QStringLiteral("uninstall"),
                                 tr("Restore the toolkit to how it was before cudnn-setup installed cuDNN.")};
    QCommandLineOption deployTo{QStringLiteral("deploy-to"),
                                tr("Copy the runtime libraries next to an application instead."),
                                QStringLiteral("DIR")};
    QCommandLineOption pathScope{QStringLiteral("path-scope"),
                                 tr("Which PATH to fix: user (default), machine or none."),
                                 QStringLiteral("SCOPE"),
                                 QStringLiteral("user")};
    QCommandLineOption benchmark{QStringLiteral("benchmark"),
                                 tr("Run the convolution benchmark after installing (default).")};
    QCommandLineOption noBenchmark{QStringLiteral("no-benchmark"), tr("Skip the benchmark.")};
    QCommandLineOption noVerify{QStringLiteral("no-verify"),
                                tr("Skip loading the installed cuDNN in a fresh process (for a toolkit "
                                   "that another machine will use).")};
    QCommandLineOption language{
        QStringLiteral("lang"), tr("Language of the interface: en or zh_CN."), QStringLiteral("LANG")};
    QCommandLineOption packageSha256{QStringLiteral("package-sha256"),
                                     tr("Install only if the archive's SHA-256 is this (64 hex digits)."),
                                     QStringLiteral("HEX")};
    QCommandLineOption progressFile{QStringLiteral("progress-file"),
                                    tr("Append one JSON line per progress update to this existing file."),
                                    QStringLiteral("FILE")};
    QCommandLineOption elevationToken = internal(QCommandLineOption(QStringLiteral("elevation-token"),
                                                                    tr("Internal: the elevated copy the wizard starts "
                                                                       "for the privileged step (docs/elevation.md)."),
                                                                    QStringLiteral("TOKEN")));
    // Long only: -v is left free (it means "verbose" to most tools), so addVersionOption(), which claims it, is not
    // used; --help is QCommandLineParser's own (addHelpOption: -h, --help, --help-all, and -? on Windows).
    QCommandLineOption forMachine{QStringLiteral("for-machine"),
                                  tr("With --dry-run --package: judge the archive for the machine FILE "
                                     "describes (what --detect --json printed there), not for this one."),
                                  QStringLiteral("FILE")};
    QCommandLineOption forMachines{QStringLiteral("for-machines"),
                                   tr("With --dry-run --package: judge the archive for every machine a "
                                      "*.json file in DIR describes; exit 0 only if it fits them all."),
                                   QStringLiteral("DIR")};
    QCommandLineOption version{QStringLiteral("version"), tr("Show the version.")};

    QList<QCommandLineOption> all() const
    {
        return {silent,     detect,      json,        repair,    package,  fetch,         mirror,       manifest,
                cache,      cudaRoot,    dryRun,      force,     report,   log,           uninstall,    deployTo,
                pathScope,  benchmark,   noBenchmark, noVerify,  language, packageSha256, progressFile, elevationToken,
                forMachine, forMachines, version,     pythonEnv, explain,  from};
    }

    void addTo(QCommandLineParser& parser) const { parser.addOptions(all()); }
};

/** The parser's options, description and the two standard ones; every text in the language installed now. */
QCommandLineOption configure(QCommandLineParser& parser, const Options& options)
{
    parser.setApplicationDescription(Options::tr(
        "cudnn-setup installs NVIDIA cuDNN into a CUDA toolkit, fixes the search path and proves it works."));
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help = parser.addHelpOption();
    options.addTo(parser);
    parser.addPositionalArgument(QStringLiteral("TEXT"),
                                 Options::tr("With --explain: the error text (- reads standard input)."),
                                 QStringLiteral("[TEXT...]"));
    return help;
}

/**
 * The first option that takes a value but is followed by another option or by nothing: "--package --cuda-root X"
 * would otherwise take "--cuda-root" as the package and complain about X.
 */
QString optionMissingItsValue(const Options& options, const QStringList& arguments)
{
    const QList<QCommandLineOption> known = options.all();
    const QStringList helpNames{QStringLiteral("h"), QStringLiteral("help"), QStringLiteral("help-all")};
    const auto optionNamed = [&](const QString& word) -> std::optional<QCommandLineOption> {
        static const QRegularExpression dashes(QStringLiteral("^--?"));
        if (!word.startsWith(QLatin1Char('-')) || word.size() < 2)
            return std::nullopt;
        const QString name = QString(word).remove(dashes);
        if (helpNames.contains(name))
            return QCommandLineOption(name);
        for (const QCommandLineOption& option : known) {
            if (option.names().contains(name))
                return option;
        }
        return std::nullopt;
    };
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const std::optional<QCommandLineOption> option = optionNamed(arguments.at(i));
        if (!option || option->valueName().isEmpty())
            continue;
        if (i + 1 == arguments.size() || optionNamed(arguments.at(i + 1)))
            return QStringLiteral("--") + option->names().constFirst();
        ++i; // its value, whatever it looks like
    }
    return {};
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
    const QCommandLineOption help = configure(parser, o);
    Invocation inv;
    if (const QString option = optionMissingItsValue(o, arguments); !option.isEmpty()) {
        inv.error = Options::tr("%1 needs a value.").arg(option);
        return inv;
    }
    if (!parser.parse(arguments)) {
        inv.error = parser.errorText();
        return inv;
    }
    if (!parser.positionalArguments().isEmpty() && !parser.isSet(o.explain)) {
        inv.error = Options::tr("Unexpected argument: %1").arg(parser.positionalArguments().first());
        return inv;
    }

    inv.silent = parser.isSet(o.silent);
    inv.json = parser.isSet(o.json);
    inv.dryRun = parser.isSet(o.dryRun);
    inv.force = parser.isSet(o.force);
    inv.cudaRoots = parser.values(o.cudaRoot);
    inv.pythonEnvironments = parser.values(o.pythonEnv);
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
    inv.explainText = parser.positionalArguments();
    inv.explainFrom = parser.value(o.from);
    inv.explainRepair = parser.isSet(o.explain) && parser.isSet(o.repair);

    if (parser.isSet(o.benchmark) && parser.isSet(o.noBenchmark))
        inv.error = Options::tr("--benchmark and --no-benchmark contradict each other.");
    else if (!QStringList{QStringLiteral("user"), QStringLiteral("machine"), QStringLiteral("none")}.contains(
                 inv.pathScope))
        inv.error = Options::tr("--path-scope takes user, machine or none, not \"%1\".").arg(inv.pathScope);
    else if (!inv.language.isEmpty() && inv.language != QLatin1String("en") && inv.language != QLatin1String("zh_CN"))
        inv.error = Options::tr("--lang takes en or zh_CN, not \"%1\".").arg(inv.language);
    else if (inv.fetch && !inv.package.isEmpty())
        inv.error = Options::tr("--fetch and --package contradict each other: fetch the archive, or give it.");
    else if (!inv.fetch && (parser.isSet(o.mirror) || parser.isSet(o.manifest) || parser.isSet(o.cache)))
        inv.error = Options::tr("--mirror, --manifest and --cache go with --fetch.");
    else if (parser.isSet(o.mirror) && parser.isSet(o.manifest))
        inv.error = Options::tr("--mirror and --manifest contradict each other: give one.");
    else if (parser.isSet(o.packageSha256) && (inv.package.isEmpty() || inv.fetch))
        inv.error = Options::tr("--package-sha256 goes with --package FILE.");
    else if (parser.isSet(o.elevationToken)
             && (!inv.silent || inv.package.isEmpty() || inv.packageSha256.isEmpty() || inv.cudaRoots.size() != 1
                 || inv.reportFile.isEmpty() || inv.logFile.isEmpty() || inv.progressFile.isEmpty()
                 || !inv.deployTo.isEmpty() || inv.dryRun || parser.isSet(o.uninstall) || parser.isSet(o.repair)))
        inv.error = Options::tr("--elevation-token needs --silent, --package, --package-sha256, one --cuda-root, "
                                "--report, --log and --progress-file, and nothing else to do.");
    else if (parser.isSet(o.from) && !parser.isSet(o.explain))
        inv.error = Options::tr("--from goes with --explain.");
    else if (parser.isSet(o.explain) && !inv.explainFrom.isEmpty() && !inv.explainText.isEmpty())
        inv.error = Options::tr("--explain takes the text, or --from FILE, not both.");
    else if (parser.isSet(o.explain)
             && (!inv.package.isEmpty() || inv.fetch || parser.isSet(o.uninstall) || parser.isSet(o.detect)
                 || !inv.deployTo.isEmpty() || inv.dryRun || inv.judgesOtherMachines()))
        inv.error = Options::tr("--explain reads an error and goes only with --from, --json, --repair, --cuda-root, "
                                "--python-env, --path-scope, --report and --lang.");
    else if (parser.isSet(o.forMachine) && parser.isSet(o.forMachines))
        inv.error = Options::tr("--for-machine and --for-machines contradict each other: give one.");
    else if (inv.judgesOtherMachines()
             && (!inv.dryRun || inv.package.isEmpty() || inv.fetch || !inv.deployTo.isEmpty()
                 || parser.isSet(o.elevationToken)))
        inv.error = Options::tr("--for-machine and --for-machines go with --dry-run --package ARCHIVE: they judge "
                                "for other machines and install nothing.");
    if (!inv.error.isEmpty())
        return inv;

    if (parser.isSet(help) || parser.isSet(QStringLiteral("help-all")))
        inv.mode = Invocation::Mode::Help;
    else if (parser.isSet(o.version))
        inv.mode = Invocation::Mode::Version;
    else if (parser.isSet(o.explain))
        inv.mode = Invocation::Mode::Explain;
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
            = Options::tr("--silent needs something to do: --package, --fetch, --uninstall, --repair or --detect.");

    if (inv.json && inv.mode != Invocation::Mode::Detect && inv.mode != Invocation::Mode::Explain)
        inv.error = Options::tr("--json goes with --detect or --explain (use --report FILE for the other commands).");
    return inv;
}

QString requestedLanguage(const QStringList& arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString& word = arguments.at(i);
        if ((word == QLatin1String("--lang") || word == QLatin1String("-lang")) && i + 1 < arguments.size())
            return arguments.at(i + 1);
        if (word.startsWith(QLatin1String("--lang=")))
            return word.mid(7);
    }
    return {};
}

QString usageErrorText(const QString& error)
{
    return Options::tr("cudnn-setup: %1\nTry cudnn-setup --help.\n").arg(error);
}
