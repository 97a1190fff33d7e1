#include "PythonConsumers.h"

#include "RepairCode.h"
#include "common/Version.h"
#include "host/PathTrust.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace {

const char* const Script = R"PY(
import json, os, sys
r = {"python": sys.version.split()[0], "platform": sys.platform, "packages": {}}
def cudnn_files(folder):
    try:
        return sorted(os.path.join(folder, n) for n in os.listdir(folder) if "cudnn" in n.lower())
    except Exception:
        return []
for name in ("torch", "tensorflow", "onnxruntime"):
    p = {}
    try:
        import importlib, importlib.util
        if importlib.util.find_spec(name) is None:
            continue
        m = importlib.import_module(name)
        p["version"] = str(getattr(m, "__version__", ""))
        p["location"] = os.path.dirname(getattr(m, "__file__", "") or "")
        site = os.path.dirname(p["location"])
        own = cudnn_files(os.path.join(p["location"], "lib"))
        for sub in ("lib", "bin"):
            own += cudnn_files(os.path.join(site, "nvidia", "cudnn", sub))
        p["own_cudnn"] = own
        if name == "torch":
            p["cudnn"] = m.backends.cudnn.version() if m.backends.cudnn.is_available() else None
            p["cuda_build"] = getattr(m.version, "cuda", None) is not None
        elif name == "tensorflow":
            b = m.sysconfig.get_build_info()
            p["cuda_build"] = bool(b.get("is_cuda_build"))
            p["cudnn_text"] = str(b.get("cudnn_version") or "")
        else:
            p["cuda_build"] = "CUDAExecutionProvider" in m.get_available_providers()
    except Exception as e:
        p["error"] = "%s: %s" % (type(e).__name__, e)
    r["packages"][name] = p
loaded = set()
try:
    with open("/proc/self/maps") as f:
        for line in f:
            part = line.split()
            if len(part) >= 6 and "libcudnn" in part[-1]:
                loaded.add(part[-1])
except Exception:
    pass
r["loaded"] = sorted(loaded)
sys.stdout.write("CUDNN-SETUP-JSON" + json.dumps(r) + "\n")
)PY";

const QString Marker = QStringLiteral("CUDNN-SETUP-JSON");

bool lexicallyUnder(const QString& path, const QString& folder)
{
    return !folder.isEmpty() && QDir::cleanPath(path).startsWith(QDir::cleanPath(folder) + QLatin1Char('/'));
}

} // namespace

PythonConsumers::PythonConsumers(HostEnvironment host,
                                 std::shared_ptr<const ProcessRunner> runner,
                                 QString homeDirectory)
    : m_host(std::move(host))
    , m_runner(std::move(runner))
    , m_home(std::move(homeDirectory))
{
}

QString PythonConsumers::probeScript()
{
    return QString::fromUtf8(Script);
}

QString PythonConsumers::decodeCudnnVersion(qint64 code)
{
    if (code <= 0)
        return {};
    const qint64 major = code >= 90000 ? code / 10000 : code / 1000;
    const qint64 rest = code >= 90000 ? code % 10000 : code % 1000;
    return QStringLiteral("%1.%2.%3").arg(major).arg(rest / 100).arg(rest % 100);
}

QStringList PythonConsumers::onPath() const
{
    const bool windows = m_host.os == OsFlavor::Windows;
    const QStringList names = windows ? QStringList{QStringLiteral("python.exe")}
                                      : QStringList{QStringLiteral("python3"), QStringLiteral("python")};
    QStringList found;
    const QStringList dirs
        = m_host.variable(QStringLiteral("PATH")).split(pathListSeparator(m_host.os), Qt::SkipEmptyParts);
    for (const QString& dir : dirs) {
        for (const QString& name : names) {
            const QFileInfo file(QDir(dir).filePath(name));
            if (file.isFile() && (windows || file.isExecutable()))
                found.append(file.absoluteFilePath());
        }
    }
    return found;
}

QStringList PythonConsumers::fromPyLauncher() const
{
    if (m_host.os != OsFlavor::Windows)
        return {};
    // " -V:3.12 *        C:\Users\me\AppData\Local\Programs\Python\Python312\python.exe" (and " -3.8-64 ..." before
    // 3.11's launcher): the path is everything from the drive letter on.
    const ProcessResult result = m_runner->run(QStringLiteral("py"), {QStringLiteral("-0p")}, 10000);
    if (!result.succeeded())
        return {};
    static const QRegularExpression path(QStringLiteral(R"(([A-Za-z]:[\\/].*\.exe)\s*$)"));
    QStringList found;
    for (const QString& line : QString::fromLocal8Bit(result.standardOutput).split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch match = path.match(line.trimmed());
        if (match.hasMatch())
            found.append(match.captured(1));
    }
    return found;
}

QStringList PythonConsumers::underHome() const
{
    if (m_home.isEmpty())
        return {};
    const bool windows = m_host.os == OsFlavor::Windows;
    const QDir home(m_home);
    QStringList roots{QStringLiteral(".venv"), QStringLiteral("venv"), QStringLiteral(".local/share/virtualenv")};
    const QStringList condas{QStringLiteral("miniconda3"),
                             QStringLiteral("anaconda3"),
                             QStringLiteral("miniforge3"),
                             QStringLiteral("mambaforge")};
    roots.append(condas);
    QStringList envParents{QStringLiteral(".virtualenvs"), QStringLiteral(".conda/envs")};
    for (const QString& conda : condas)
        envParents.append(conda + QStringLiteral("/envs"));
    for (const QString& parent : envParents) {
        const QDir dir(home.filePath(parent));
        for (const QString& env : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            roots.append(parent + QLatin1Char('/') + env);
    }
    const QStringList binaries = windows
        ? QStringList{QStringLiteral("python.exe"), QStringLiteral("Scripts/python.exe")}
        : QStringList{QStringLiteral("bin/python3"), QStringLiteral("bin/python")};
    QStringList found;
    for (const QString& root : roots) {
        for (const QString& binary : binaries) {
            const QFileInfo file(home.filePath(root + QLatin1Char('/') + binary));
            if (file.isFile()) {
                found.append(file.absoluteFilePath());
                break; // python3 and python of one environment are the same interpreter
            }
        }
    }
    return found;
}

QStringList PythonConsumers::interpreters() const
{
    QStringList all = onPath() + fromPyLauncher() + underHome();
    QStringList unique;
    QStringList seen;
    for (const QString& interpreter : all) {
        const QString canonical = QFileInfo(interpreter).canonicalFilePath();
        const QString key = canonical.isEmpty() ? interpreter : canonical;
        if (seen.contains(key, fileNameCase(m_host.os)))
            continue;
        seen.append(key);
        unique.append(interpreter);
    }
    return unique;
}

PythonConsumer PythonConsumers::parse(const QString& interpreter, const ProcessResult& result)
{
    PythonConsumer consumer;
    consumer.interpreter = interpreter;
    if (result.untrusted || result.tooMuchOutput) {
        consumer.error = result.errorString;
        return consumer;
    }
    if (!result.started || result.timedOut) {
        consumer.error = result.timedOut ? tr("it did not answer within %1 s").arg(TimeoutMs / 1000)
                                         : tr("it did not start: %1").arg(result.errorString);
        return consumer;
    }
    const QByteArray out = result.standardOutput;
    const qsizetype at = out.lastIndexOf(Marker.toLatin1());
    QJsonParseError error{};
    const QJsonDocument document
        = at < 0 ? QJsonDocument() : QJsonDocument::fromJson(out.mid(at + Marker.size()).trimmed(), &error);
    if (!document.isObject()) {
        const QString said = QString::fromLocal8Bit(result.standardError).trimmed().section(QLatin1Char('\n'), -1);
        consumer.error = tr("its answer could not be read (exit code %1%2)")
                             .arg(result.exitCode)
                             .arg(said.isEmpty() ? QString() : QStringLiteral(": ") + said);
        return consumer;
    }
    const QJsonObject json = document.object();
    consumer.pythonVersion = json.value(QStringLiteral("python")).toString();
    consumer.platform = json.value(QStringLiteral("platform")).toString();
    for (const QJsonValue& file : json.value(QStringLiteral("loaded")).toArray())
        consumer.loadedCudnn.append(file.toString());
    const QJsonObject packages = json.value(QStringLiteral("packages")).toObject();
    for (const QString& name : {QStringLiteral("torch"), QStringLiteral("tensorflow"), QStringLiteral("onnxruntime")}) {
        if (!packages.contains(name))
            continue;
        const QJsonObject p = packages.value(name).toObject();
        PythonPackage package;
        package.name = name;
        package.version = p.value(QStringLiteral("version")).toString();
        package.location = p.value(QStringLiteral("location")).toString();
        package.error = p.value(QStringLiteral("error")).toString();
        package.cudaBuild = p.value(QStringLiteral("cuda_build")).toBool(true);
        for (const QJsonValue& file : p.value(QStringLiteral("own_cudnn")).toArray())
            package.ownCudnn.append(file.toString());
        if (p.value(QStringLiteral("cudnn")).isDouble())
            package.cudnnVersion = decodeCudnnVersion(qint64(p.value(QStringLiteral("cudnn")).toDouble()));
        else
            package.cudnnVersion = p.value(QStringLiteral("cudnn_text")).toString();
        consumer.packages.append(package);
    }
    return consumer;
}

QStringList PythonConsumers::importedTrees(const QString& interpreter, OsFlavor os)
{
    const QFileInfo given(interpreter);
    QStringList prefixes;
    if (os == OsFlavor::Windows) {
        // <prefix>\python.exe, or a venv's <prefix>\Scripts\python.exe whose base is named in pyvenv.cfg.
        const QDir folder = given.absoluteDir();
        prefixes.append(folder.dirName().compare(QLatin1String("Scripts"), Qt::CaseInsensitive) == 0
                            ? QFileInfo(folder.absolutePath()).absolutePath()
                            : folder.absolutePath());
    } else {
        prefixes.append(QFileInfo(given.absolutePath()).absolutePath()); // <prefix>/bin/python3
        const QString real = given.canonicalFilePath();
        if (!real.isEmpty())
            prefixes.append(QFileInfo(QFileInfo(real).absolutePath()).absolutePath());
    }
    QStringList trees;
    for (const QString& prefix : std::as_const(prefixes)) {
        const QDir root(prefix);
        const QStringList holders = os == OsFlavor::Windows
            ? QStringList{QStringLiteral(".")}
            : QStringList{QStringLiteral("lib"), QStringLiteral("lib64"), QStringLiteral("local/lib")};
        const QStringList patterns = os == OsFlavor::Windows
            ? QStringList{QStringLiteral("Lib"), QStringLiteral("DLLs")}
            : QStringList{QStringLiteral("python3*")};
        for (const QString& holder : holders) {
            const QDir dir(root.filePath(holder));
            for (const QString& name : dir.entryList(patterns, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
                const QString tree = QDir::cleanPath(dir.filePath(name));
                if (!trees.contains(tree))
                    trees.append(tree);
            }
        }
    }
    return trees;
}

PythonConsumer PythonConsumers::ask(const ProcessRunner& runner, OsFlavor os, const QString& interpreter)
{
    if (PathTrust::privileged()) {
        for (const QString& tree : importedTrees(interpreter, os)) {
            const TrustVerdict trust = PathTrust::forTree(tree, MaxCheckedEntries);
            if (!trust.trusted) {
                PythonConsumer refused;
                refused.interpreter = interpreter;
                refused.error = tr("it was not run with administrator rights, since its code can be changed by "
                                   "others (%1)")
                                    .arg(trust.explanation());
                return refused;
            }
        }
    }
    return parse(interpreter,
                 runner.run(interpreter, {QStringLiteral("-I"), QStringLiteral("-c"), probeScript()}, TimeoutMs));
}

QList<PythonConsumer> PythonConsumers::inspect() const
{
    QList<PythonConsumer> consumers;
    QElapsedTimer clock;
    clock.start();
    for (const QString& interpreter : interpreters()) {
        if (clock.elapsed() > TotalTimeoutMs) {
            PythonConsumer late;
            late.interpreter = interpreter;
            late.error
                = tr("it was not asked: asking the interpreters before it took over %1 s").arg(TotalTimeoutMs / 1000);
            consumers.append(late);
            continue;
        }
        consumers.append(ask(*m_runner, m_host.os, interpreter));
    }
    return consumers;
}

RepairFindings PythonConsumers::findings(const QList<PythonConsumer>& consumers) const
{
    RepairFindings findings;
    for (const PythonConsumer& consumer : consumers) {
        if (!consumer.error.isEmpty()) {
            RepairFinding finding;
            finding.remedy = RepairFinding::Remedy::None;
            finding.diagnostic
                = Diagnostic::of(
                      RepairCode::Consumer,
                      tr("%1 could not be asked which cuDNN it uses: %2.").arg(consumer.interpreter, consumer.error))
                      .about(consumer.interpreter);
            findings.append(finding);
            continue;
        }
        for (const PythonPackage& package : consumer.packages)
            findings.append(findingFor(consumer, package));
    }
    return findings;
}

RepairFinding PythonConsumers::findingFor(const PythonConsumer& consumer, const PythonPackage& package) const
{
    RepairFinding finding;
    finding.remedy = RepairFinding::Remedy::None;
    const QString who = tr("%1 %2 in %3").arg(package.name, package.version, consumer.interpreter);
    const auto fact = [&](const QString& code, const QString& message) {
        finding.diagnostic = Diagnostic::of(Severity::Info, code, message).about(consumer.interpreter);
        return finding;
    };
    if (!package.error.isEmpty())
        return fact(RepairCode::Consumer, tr("%1 cannot be imported: %2.").arg(who, package.error));

    const bool windows = consumer.platform.startsWith(QLatin1String("win"));
    const QString version = package.cudnnVersion.isEmpty() ? tr("a cuDNN") : tr("cuDNN %1").arg(package.cudnnVersion);
    // What the process really mapped, when it says (Linux), beats what the folders suggest.
    QString loaded;
    for (const QString& file : consumer.loadedCudnn) {
        if (lexicallyUnder(file, package.location) || lexicallyUnder(file, QFileInfo(package.location).path()))
            loaded = file;
    }
    if (package.name == QLatin1String("tensorflow")) {
        const std::optional<Version> tf = Version::parse(package.version);
        if (windows && tf && !(*tf < Version{2, 11}))
            return fact(RepairCode::ConsumerNoGpu,
                        tr("%1: TensorFlow 2.11 and later has no GPU support on native Windows, so it uses no cuDNN "
                           "at all; a GPU needs WSL2 (or TensorFlow 2.10). No repair here changes that.")
                            .arg(who));
        if (!package.cudaBuild)
            return fact(RepairCode::Consumer, tr("%1 is a CPU-only build: it uses no cuDNN.").arg(who));
    }
    if (package.name == QLatin1String("onnxruntime") && !package.cudaBuild)
        return fact(RepairCode::Consumer,
                    tr("%1 has no CUDA execution provider (the CPU package): it uses no cuDNN.").arg(who));

    if (!package.ownCudnn.isEmpty() && package.name != QLatin1String("onnxruntime")) {
        const QString copy = loaded.isEmpty() ? QFileInfo(package.ownCudnn.first()).path() : loaded;
        const QString how = windows
            ? tr("it adds its own folder with os.add_dll_directory, and Python 3.8+ ignores PATH for its DLLs")
            : tr("its RPATH points at its own copy");
        return fact(RepairCode::ConsumerOwnCopy,
                    tr("%1 uses %2 from %3: %4. Repairs of the toolkit or the search path do not reach it; to change "
                       "its cuDNN, reinstall that package (pip).")
                        .arg(who, version, copy, how));
    }
    if (package.name == QLatin1String("onnxruntime"))
        return fact(
            RepairCode::ConsumerSearchPath,
            tr("%1 loads cuDNN by name when its CUDA provider starts, from the library search path (%2), "
               "unless an nvidia-cudnn wheel is preloaded: the toolkit's cuDNN reaches it only through that "
               "search path.")
                .arg(who, windows ? QStringLiteral("PATH") : QStringLiteral("LD_LIBRARY_PATH, the ld.so cache")));
    return fact(RepairCode::ConsumerSearchPath,
                tr("%1 uses %2 found by name through the library search path%3: the toolkit's cuDNN reaches it only "
                   "if it wins that search.")
                    .arg(who, version, loaded.isEmpty() ? QString() : tr(" (now %1)").arg(loaded)));
}
