#include "ToolkitLocator.h"

#include "DetectCode.h"
#include "ToolkitVersionReader.h"
#include "common/FileIdentity.h"
#include "host/BoundedFile.h"
#include "host/PathList.h"

#include <QCollator>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

static const QString SourcePath = QStringLiteral("PATH");
static const QString SourceCudaPath = QStringLiteral("CUDA_PATH");
static const QString SourceExplicit = QStringLiteral("--cuda-root");
static const QString SourceDefault = QStringLiteral("default location");

ToolkitLocator::ToolkitLocator(const HostEnvironment& host, const ProcessRunner& runner)
    : m_host(host)
    , m_runner(runner)
{
}

bool ToolkitLocator::looksLikeToolkit(OsFlavor os, const QString& root)
{
    // nvcc alone is not enough: /usr/local/bin and conda/pip shims hold wrapper scripts called nvcc.
    Q_UNUSED(os)
    const QDir dir(root);
    return dir.exists(QStringLiteral("include/cuda.h")) || dir.exists(QStringLiteral("version.json"))
        || dir.exists(QStringLiteral("version.txt"));
}

QString ToolkitLocator::rootOfNvcc(OsFlavor os, const QString& nvccPath)
{
    const QString real = QFileInfo(nvccPath).canonicalFilePath();
    if (real.isEmpty())
        return {};
    // A wrapper script ("exec /usr/local/cuda-13.0/bin/nvcc "$@"") names the real one.
    const BoundedRead file = readBoundedFile(real, 4096);
    if (file.ok && !file.truncated) {
        const QByteArray& head = file.data;
        if (head.startsWith("#!")) {
            static const QRegularExpression target(QStringLiteral("(/[^\\s\"']+)/bin/nvcc\\b"));
            const QRegularExpressionMatch match = target.match(QString::fromUtf8(head));
            if (match.hasMatch())
                return normalizedPath(os, match.captured(1));
        }
    }
    return normalizedPath(os, QFileInfo(real).absolutePath() + QStringLiteral("/.."));
}

QStringList ToolkitLocator::expandRootPattern(const QString& pattern) const
{
    const QString normalized = normalizedPath(m_host.os, pattern);
    if (!normalized.contains(QLatin1Char('*')))
        return {normalized};
    const int slash = normalized.lastIndexOf(QLatin1Char('/'));
    const QDir parent(normalized.left(slash));
    QStringList names = parent.entryList({normalized.mid(slash + 1)}, QDir::Dirs | QDir::NoDotAndDotDot);
    QCollator collator;
    collator.setNumericMode(true);
    std::sort(names.begin(), names.end(), collator);
    QStringList paths;
    for (const QString& name : names)
        paths.append(parent.filePath(name));
    return paths;
}

QList<ToolkitLocator::Candidate> ToolkitLocator::candidates() const
{
    const OsFlavor os = m_host.os;
    QList<Candidate> list;
    const QString cudaPath = m_host.variable(SourceCudaPath);
    if (!cudaPath.isEmpty())
        list.append({normalizedPath(os, cudaPath), SourceCudaPath, Candidate::Trust::Announced});
    const auto versioned = m_host.variablesWithPrefix(QStringLiteral("CUDA_PATH_V"));
    for (auto it = versioned.cbegin(); it != versioned.cend(); ++it)
        list.append({normalizedPath(os, it.value()), it.key(), Candidate::Trust::Announced});

    const auto lookup = [this](const QString& name) { return m_host.variable(name); };
    const QString nvcc = executableName(os, QStringLiteral("nvcc"));
    for (const QString& entry : PathList::split(os, m_host.variable(QStringLiteral("PATH")))) {
        const QString candidate = QDir(normalizedPath(os, PathList::expand(os, entry, lookup))).filePath(nvcc);
        if (QFileInfo(candidate).isFile())
            list.append({rootOfNvcc(os, candidate), SourcePath, Candidate::Trust::Announced});
    }

    for (const QString& pattern : m_host.defaultToolkitRoots) {
        for (const QString& path : expandRootPattern(pattern))
            list.append({path, SourceDefault, Candidate::Trust::Guessed});
    }
    return list;
}

Diagnostics ToolkitLocator::Result::diagnostics() const
{
    Diagnostics list;
    for (const ToolkitProblem& problem : problems)
        list.append(problem.diagnostic);
    return list;
}

ToolkitLocator::Result ToolkitLocator::locate(const QStringList& explicitRoots) const
{
    const OsFlavor os = m_host.os;
    QList<Candidate> all;
    for (const QString& root : explicitRoots)
        all.append(
            {normalizedPath(os, QFileInfo(root).absoluteFilePath()), SourceExplicit, Candidate::Trust::Explicit});
    all.append(candidates());

    Result result;
    const ToolkitVersionReader versionReader(os, m_runner);
    for (const Candidate& candidate : all) {
        const QFileInfo info(candidate.path);
        if (info.isSymLink() && !info.exists()) {
            result.problems.append(
                ToolkitProblem{ToolkitProblem::Kind::LinkDangling,
                               Diagnostic::of(DetectCode::CudaLinkDangling,
                                              tr("%1 is a link to %2, which does not exist.")
                                                  .arg(displayPath(os, candidate.path), info.symLinkTarget()),
                                              tr("Point it at an installed toolkit or remove it."))
                                   .about(candidate.path)});
            continue;
        }
        const QString canonical = info.canonicalFilePath();
        if (canonical.isEmpty() || !looksLikeToolkit(os, canonical)) {
            if (candidate.trust == Candidate::Trust::Explicit) {
                result.problems.append(ToolkitProblem{
                    ToolkitProblem::Kind::RootInvalid,
                    Diagnostic::of(DetectCode::CudaRootInvalid,
                                   tr("%1 is not a CUDA toolkit (no bin/nvcc, include/cuda.h or version file).")
                                       .arg(displayPath(os, candidate.path)),
                                   tr("Pass the folder that contains the toolkit's bin and include folders."))
                        .about(candidate.path)});
            } else if (candidate.trust == Candidate::Trust::Announced) {
                result.problems.append(ToolkitProblem{
                    ToolkitProblem::Kind::PathStale,
                    Diagnostic::of(DetectCode::CudaPathStale,
                                   tr("%1 points at %2, which is not a CUDA toolkit.")
                                       .arg(candidate.source, displayPath(os, candidate.path)),
                                   tr("Reinstall that toolkit or remove the stale %1 setting.").arg(candidate.source))
                        .about(candidate.path)});
            }
            continue;
        }

        auto existing = std::find_if(result.toolkits.begin(), result.toolkits.end(), [&](const CudaToolkit& t) {
            return samePath(os, t.root, canonical);
        });
        if (existing == result.toolkits.end()) {
            CudaToolkit toolkit;
            toolkit.root = canonical;
            const auto version = versionReader.read(canonical);
            toolkit.version = version.version;
            toolkit.versionSource = version.source;
            const QString nvcc
                = QDir(canonical).filePath(QStringLiteral("bin/") + executableName(os, QStringLiteral("nvcc")));
            if (QFileInfo::exists(nvcc))
                toolkit.nvcc = nvcc;
            if (!toolkit.version) {
                result.problems.append(ToolkitProblem{
                    ToolkitProblem::Kind::VersionUnknown,
                    Diagnostic::of(DetectCode::CudaVersionUnknown,
                                   tr("Cannot tell the CUDA version of %1: no version.json, version.txt, "
                                      "cuda.h or working nvcc.")
                                       .arg(displayPath(os, canonical)),
                                   tr("Repair or reinstall this toolkit."))
                        .about(canonical)});
            }
            result.toolkits.append(toolkit);
            existing = result.toolkits.end() - 1;
        }
        const bool known
            = std::any_of(existing->origins.cbegin(), existing->origins.cend(), [&](const ToolkitOrigin& o) {
                  return o.source == candidate.source && samePath(os, o.path, candidate.path);
              });
        if (!known)
            existing->origins.append({candidate.path, candidate.source});
    }

    if (result.toolkits.isEmpty()) {
        result.problems.append(ToolkitProblem{
            ToolkitProblem::Kind::NoneFound,
            Diagnostic::of(
                DetectCode::CudaNoneFound,
                tr("No CUDA toolkit was found."),
                tr("Install the CUDA toolkit first (cuDNN is added to a toolkit), or choose the folder it is in."))
                .offering(FixAction::Kind::ChooseToolkit)});
    }
    markActive(result);
    return result;
}

void ToolkitLocator::markActive(Result& result) const
{
    const OsFlavor os = m_host.os;
    struct Pointer
    {
        QString description;
        CudaToolkit* toolkit;
    };
    QList<Pointer> pointers;
    const auto firstWith = [&](const std::function<bool(const ToolkitOrigin&)>& match) -> CudaToolkit* {
        for (CudaToolkit& toolkit : result.toolkits) {
            for (const ToolkitOrigin& origin : toolkit.origins) {
                if (match(origin))
                    return &toolkit;
            }
        }
        return nullptr;
    };

    // The first nvcc on PATH is what a terminal and a build will use; PATH order decides, not toolkit order.
    CudaToolkit* byPath = nullptr;
    const auto lookup = [this](const QString& name) { return m_host.variable(name); };
    const QString nvcc = executableName(os, QStringLiteral("nvcc"));
    for (const QString& entry : PathList::split(os, m_host.variable(QStringLiteral("PATH")))) {
        const QString candidate = QDir(normalizedPath(os, PathList::expand(os, entry, lookup))).filePath(nvcc);
        if (!QFileInfo(candidate).isFile())
            continue;
        const QString root = rootOfNvcc(os, candidate);
        byPath = firstWith(
            [&](const ToolkitOrigin& o) { return o.source == SourcePath && sameLocation(os, o.path, root); });
        if (byPath)
            break;
    }
    if (byPath)
        pointers.append({tr("the first nvcc on PATH is in %1").arg(displayPath(os, byPath->root)), byPath});
    if (CudaToolkit* t = firstWith([](const ToolkitOrigin& o) { return o.source == SourceCudaPath; }))
        pointers.append({tr("CUDA_PATH is %1").arg(displayPath(os, t->root)), t});
    if (os == OsFlavor::Linux) {
        if (CudaToolkit* t = firstWith(
                [](const ToolkitOrigin& o) { return o.source == SourceDefault && QFileInfo(o.path).isSymLink(); })) {
            pointers.append({tr("/usr/local/cuda points to %1").arg(displayPath(os, t->root)), t});
        }
    }

    CudaToolkit* active = pointers.isEmpty() ? nullptr : pointers.first().toolkit;
    if (!active && result.toolkits.size() == 1)
        active = &result.toolkits.first();
    if (active)
        active->active = true;

    QStringList descriptions;
    bool disagree = false;
    for (const Pointer& p : pointers) {
        descriptions.append(p.description);
        disagree = disagree || p.toolkit != active;
    }
    if (disagree) {
        result.problems.append(ToolkitProblem{
            ToolkitProblem::Kind::ActiveDisagree,
            Diagnostic::of(DetectCode::CudaActiveDisagree,
                           tr("The toolkit pointers disagree: %1.").arg(descriptions.join(QStringLiteral("; "))),
                           tr("Decide which toolkit gets cuDNN and make PATH, CUDA_PATH and /usr/local/cuda "
                              "point at it (the environment step can do this)."))
                .about(active->root)});
    } else if (!active && result.toolkits.size() > 1) {
        result.problems.append(ToolkitProblem{ToolkitProblem::Kind::NoActive,
                                              Diagnostic::of(DetectCode::CudaNoActive,
                                                             tr("Several toolkits are installed and none is on PATH."),
                                                             tr("Choose the toolkit that gets cuDNN."))
                                                  .offering(FixAction::Kind::ChooseToolkit)});
    }
}
