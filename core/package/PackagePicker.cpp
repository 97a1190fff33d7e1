#include "PackagePicker.h"

#include "InspectionCache.h"
#include "PackageInspector.h"
#include "frameworks/FrameworkCode.h"
#include "frameworks/FrameworkNeeds.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <algorithm>

namespace {

/** Better fits sort first: a newer cuDNN, then fewer warnings. */
struct Rank
{
    int served = 0; // frameworks that load cuDNN from this machine and accept this version
    Version cudnn;
    bool clean = false; // verdict ok rather than warning

    bool operator==(const Rank& o) const { return served == o.served && cudnn == o.cudnn && clean == o.clean; }
    bool operator>(const Rank& o) const
    {
        if (served != o.served)
            return served > o.served;
        return cudnn != o.cudnn ? cudnn > o.cudnn : clean && !o.clean;
    }
};

Rank rankOf(const PackageCandidate& candidate, const PackageVerdict& verdict, const FrameworkNeeds& needs)
{
    const Version cudnn = candidate.inspection.cudnnVersion.value_or(Version{});
    return Rank{needs.served(cudnn), cudnn, verdict.level == PackageVerdict::Level::Ok};
}

QString fileNameOf(const PackageCandidate& candidate)
{
    return QFileInfo(candidate.inspection.file).fileName();
}

QString candidateVersion(const PackageCandidate& candidate)
{
    return candidate.inspection.cudnnVersion ? candidate.inspection.cudnnVersion->truncated(3).toString()
                                             : QStringLiteral("?");
}

} // namespace

const PackageVerdict* PackageCandidate::verdictFor(const QString& toolkitRoot) const
{
    for (const Fit& fit : fits) {
        if (fit.toolkitRoot == toolkitRoot)
            return &fit.verdict;
    }
    return nullptr;
}

QJsonObject PackageCandidate::toJson() const
{
    QJsonArray verdicts;
    for (const Fit& fit : fits)
        verdicts.append(fit.verdict.toJson());
    return QJsonObject{
        {QStringLiteral("file"), inspection.file},
        {QStringLiteral("cudnn_version"),
         inspection.cudnnVersion ? QJsonValue(inspection.cudnnVersion->truncated(3).toString())
                                 : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("cuda_major"),
         inspection.cudaMajor() ? QJsonValue(*inspection.cudaMajor()) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("sha256"), inspection.sha256},
        {QStringLiteral("chosen"), chosen},
        {QStringLiteral("why_not"), whyNot},
        {QStringLiteral("verdicts"), verdicts},
    };
}

const PackageCandidate* PackageChoice::chosen() const
{
    return chosenIndex ? &candidates.at(*chosenIndex) : nullptr;
}

const PackageVerdict* PackageChoice::chosenVerdict() const
{
    return chosenIndex ? candidates.at(*chosenIndex).verdictFor(toolkitRoot) : nullptr;
}

QJsonObject PackageChoice::toJson() const
{
    QJsonArray list;
    for (const PackageCandidate& candidate : candidates)
        list.append(candidate.toJson());
    return QJsonObject{
        {QStringLiteral("chosen"), chosen() ? QJsonValue(chosen()->inspection.file) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("toolkit"), toolkitRoot.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(toolkitRoot)},
        {QStringLiteral("ambiguous_toolkits"), QJsonArray::fromStringList(ambiguousToolkits)},
        {QStringLiteral("candidates"), list},
        {QStringLiteral("diagnostics"), findingsToJson(findings)},
    };
}

PackagePicker::PackagePicker(ProgressSink* progress, CancellationToken cancel, const PackageValidator& validator)
    : m_progress(progress)
    , m_cancel(std::move(cancel))
    , m_validator(validator)
{
}

QStringList PackagePicker::archivesIn(const QString& folderOrFile)
{
    const QFileInfo info(folderOrFile);
    if (!info.isDir())
        return {info.absoluteFilePath()};
    const QDir folder(info.absoluteFilePath());
    QStringList archives;
    const QStringList patterns{QStringLiteral("*.zip"),
                               QStringLiteral("*.tar.xz"),
                               QStringLiteral("*.txz"),
                               QStringLiteral("*.tgz"),
                               QStringLiteral("*.tar.gz")};
    for (const QString& name : folder.entryList(patterns, QDir::Files | QDir::Readable, QDir::Name))
        archives.append(folder.filePath(name));
    return archives;
}

PackageChoice PackagePicker::pick(const QString& folderOrFile,
                                  const SystemSnapshot& system,
                                  const std::optional<QString>& cudaRoot,
                                  bool force) const
{
    PackageChoice choice;
    const PackageSurvey known = survey(folderOrFile, system, cudaRoot, force);
    if (known.files.isEmpty()) {
        choice.findings.append(PackageFinding::hardBlock(PackageCode::NoPackage,
                                                         QCoreApplication::translate("PackagePicker",
                                                                                     "No cuDNN archive was found at "
                                                                                     "%1.")
                                                             .arg(folderOrFile),
                                                         QCoreApplication::translate(
                                                             "PackagePicker",
                                                             "Give the path of a cuDNN .zip or .tar.xz archive, or of "
                                                             "a folder that holds one."))
                                   .about(folderOrFile));
        return choice;
    }

    PackageInspector inspector(m_progress, m_cancel);
    QList<PackageInspection> inspections;
    for (qsizetype i = 0; i < known.files.size(); ++i) {
        if (m_cancel.isCanceled())
            break;
        if (known.known.at(i)) {
            inspections.append(*known.known.at(i));
            continue;
        }
        inspections.append(inspector.inspect(known.files.at(i)));
        InspectionCache::instance().keep(inspections.last());
    }
    return choose(inspections, system, cudaRoot, force);
}

PackageSurvey PackagePicker::survey(const QString& folderOrFile,
                                    const SystemSnapshot& system,
                                    const std::optional<QString>& cudaRoot,
                                    bool force) const
{
    PackageSurvey result;
    if (!QFileInfo::exists(folderOrFile))
        return result;
    result.files = archivesIn(folderOrFile);
    for (const QString& file : std::as_const(result.files)) {
        std::optional<PackageInspection> known = InspectionCache::instance().find(file);
        // What the name already rules out for every toolkit in question is not read (a lab's folder holds the
        // builds of other platforms and CUDA majors; a _cuda12 archive dropped for a CUDA 13 toolkit is refused at
        // once); its candidate says what the name says.
        if (!known) {
            if (std::optional<PackageInspection> described = describedByName(file);
                described && ruledOut(choose({*described}, system, cudaRoot, force)))
                known = std::move(described);
        }
        result.known.append(std::move(known));
    }
    return result;
}

bool PackagePicker::ruledOut(const PackageChoice& byName)
{
    // A tie is no refusal, and without a toolkit the archive itself is still worth describing.
    if (byName.candidates.isEmpty() || byName.chosen() || !byName.ambiguousToolkits.isEmpty())
        return false;
    const QList<PackageCandidate::Fit>& fits = byName.candidates.first().fits;
    return !fits.isEmpty() && std::all_of(fits.cbegin(), fits.cend(), [](const PackageCandidate::Fit& fit) {
        return fit.verdict.blocked();
    });
}

QStringList PackageSurvey::toRead() const
{
    QStringList unread;
    for (qsizetype i = 0; i < files.size(); ++i) {
        if (!known.at(i))
            unread.append(files.at(i));
    }
    return unread;
}

QList<PackageInspection> PackageSurvey::with(const PackageInspection& read) const
{
    QList<PackageInspection> inspections;
    for (const std::optional<PackageInspection>& inspection : known)
        inspections.append(inspection ? *inspection : read);
    return inspections;
}

std::optional<PackageChoice> PackagePicker::judgeByName(const QString& archive,
                                                        const SystemSnapshot& system,
                                                        const QString& toolkitRoot,
                                                        bool force) const
{
    const std::optional<PackageInspection> described = describedByName(archive);
    if (!described)
        return std::nullopt;
    return choose({*described}, system, toolkitRoot, force);
}

std::optional<PackageInspection> PackagePicker::describedByName(const QString& archive)
{
    const QFileInfo info(archive);
    const std::optional<PackageName> name = PackageName::parse(info.fileName());
    if (!name)
        return std::nullopt;
    PackageInspection described;
    described.file = info.absoluteFilePath();
    described.fileSize = info.size();
    described.name = name;
    described.container = name->container;
    described.platform = name->os;
    described.arch = name->arch;
    described.cudnnVersion = name->cudnnVersion;
    described.cudnnVersionSource = QStringLiteral("file name");
    described.cudaVersion = name->cudaVersion;
    described.cudaVersionSource = QStringLiteral("file name");
    return described;
}

namespace {

// PATH_MAX on Linux and macOS is 4096 bytes with its terminating NUL; Windows' long paths end at 32,767 characters.
#ifdef Q_OS_WIN
constexpr int MaxPathLength = 32767;
#else
constexpr int MaxPathLength = 4095;
#endif

bool isPathTooLong(const QString& path)
{
    return QFile::encodeName(path).size() > MaxPathLength;
}

} // namespace

PackageChoice PackagePicker::choose(const QList<PackageInspection>& inspections,
                                    const SystemSnapshot& system,
                                    const std::optional<QString>& cudaRoot,
                                    bool force) const
{
    PackageChoice choice;
    QList<const CudaToolkit*> toolkits;
    if (cudaRoot) {
        if (const CudaToolkit* toolkit = system.toolkitAt(*cudaRoot))
            toolkits.append(toolkit);
    } else {
        for (const CudaToolkit& toolkit : system.toolkits)
            toolkits.append(&toolkit);
    }
    if (toolkits.isEmpty() && cudaRoot && isPathTooLong(*cudaRoot)) {
        choice.findings.append(
            PackageFinding::hardBlock(
                PackageCode::NoToolkit,
                QCoreApplication::translate("PackagePicker",
                                            "The path given for the CUDA toolkit is too long: %1 characters, and "
                                            "this system's paths end at %2, so no folder can be there (%3…).")
                    .arg(cudaRoot->size())
                    .arg(MaxPathLength)
                    .arg(cudaRoot->left(60)),
                QCoreApplication::translate("PackagePicker", "Give the toolkit's folder by a shorter path."))
                .offering(FixAction::Kind::ChooseToolkit));
    } else if (toolkits.isEmpty() && cudaRoot && !system.toolkits.isEmpty()) {
        // Not there, but others are: say which, so the person can name one of them.
        QStringList found;
        for (const CudaToolkit& toolkit : system.toolkits)
            found.append(displayPath(system.os, toolkit.root));
        choice.findings.append(
            PackageFinding::hardBlock(
                PackageCode::NoToolkit,
                QCoreApplication::translate("PackagePicker", "No CUDA toolkit was found at %1.").arg(*cudaRoot),
                QCoreApplication::translate("PackagePicker", "Choose one of the toolkits found: %1.")
                    .arg(found.join(QStringLiteral(", "))))
                .about(*cudaRoot)
                .offering(FixAction::Kind::ChooseToolkit, found.size() == 1 ? found.first() : QString()));
    } else if (toolkits.isEmpty()) {
        choice.findings.append(
            PackageFinding::hardBlock(
                PackageCode::NoToolkit,
                cudaRoot
                    ? QCoreApplication::translate("PackagePicker", "No CUDA toolkit was found at %1.").arg(*cudaRoot)
                    : QCoreApplication::translate("PackagePicker", "No CUDA toolkit was found on this machine."),
                QCoreApplication::translate("PackagePicker",
                                            "Install the CUDA toolkit first, or choose the folder it is in."))
                .about(cudaRoot.value_or(QString()))
                .offering(FixAction::Kind::ChooseToolkit));
    }

    for (const PackageInspection& inspection : inspections) {
        PackageCandidate candidate;
        candidate.inspection = inspection;
        for (const CudaToolkit* toolkit : toolkits)
            candidate.fits.append({toolkit->root, m_validator.validate(candidate.inspection, system, *toolkit, force)});
        choice.candidates.append(candidate);
    }

    // The best (package, toolkit) pairs; more than one toolkit among them is a tie the caller must settle.
    const FrameworkNeeds needs = FrameworkNeeds::of(system.frameworks);
    std::optional<Rank> best;
    QList<QPair<qsizetype, QString>> leaders;
    for (qsizetype i = 0; i < choice.candidates.size(); ++i) {
        for (const PackageCandidate::Fit& fit : choice.candidates.at(i).fits) {
            if (fit.verdict.blocked())
                continue;
            const Rank rank = rankOf(choice.candidates.at(i), fit.verdict, needs);
            if (!best || rank > *best) {
                best = rank;
                leaders.clear();
            }
            if (rank == *best)
                leaders.append({i, fit.toolkitRoot});
        }
    }

    if (leaders.isEmpty()) {
        if (!toolkits.isEmpty() && inspections.size() == 1) {
            // The first reason's own fix leads (a cut-short download: download it again), not a generic one.
            const PackageVerdict& verdict = choice.candidates.constFirst().fits.constFirst().verdict;
            const PackageFinding* first = verdict.firstBlock();
            const QString fix = first && !first->diagnostic.fix.isEmpty()
                ? first->diagnostic.fix
                : QCoreApplication::translate("PackagePicker",
                                              "Fix the first reason given, or download a build that fits.");
            choice.findings.append(PackageFinding::hardBlock(
                PackageCode::NoneCompatible,
                QCoreApplication::translate("PackagePicker",
                                            "The archive cannot be installed into the toolkit, for the reasons "
                                            "listed."),
                fix));
        } else if (!toolkits.isEmpty()) {
            choice.findings.append(
                PackageFinding::hardBlock(PackageCode::NoneCompatible,
                                          QCoreApplication::translate("PackagePicker",
                                                                      "None of the archives can be installed into the "
                                                                      "toolkit; each one's reasons are listed."),
                                          QCoreApplication::translate("PackagePicker",
                                                                      "Fix the first reason given for the archive you "
                                                                      "want, or download a build that fits.")));
        }
    } else {
        QStringList leadingToolkits;
        for (const auto& leader : leaders) {
            if (!leadingToolkits.contains(leader.second))
                leadingToolkits.append(leader.second);
        }
        if (leadingToolkits.size() > 1) {
            choice.ambiguousToolkits = leadingToolkits;
            choice.findings.append(
                PackageFinding::hardBlock(
                    PackageCode::AmbiguousToolkit,
                    QCoreApplication::translate("PackagePicker",
                                                "The package fits more than one CUDA toolkit "
                                                "equally well: %1.")
                        .arg(leadingToolkits.join(QStringLiteral(", "))),
                    QCoreApplication::translate("PackagePicker", "Choose the toolkit to install into."))
                    .offering(FixAction::Kind::ChooseToolkit));
        } else {
            // Among equal archives for one toolkit (copies of one release), the first by name wins.
            choice.chosenIndex = leaders.first().first;
            choice.toolkitRoot = leaders.first().second;
            choice.candidates[*choice.chosenIndex].chosen = true;
            const std::optional<Version> cudnn = choice.chosen()->inspection.cudnnVersion;
            if (!needs.isEmpty() && cudnn) {
                const bool all = needs.served(*cudnn) == needs.needs().size();
                choice.findings.append(PackageFinding::info(
                    all ? FrameworkCode::ChoiceServes : FrameworkCode::ChoicePartial, needs.explain(*cudnn)));
            }
        }
    }

    for (PackageCandidate& candidate : choice.candidates) {
        if (candidate.chosen)
            continue;
        const PackageCandidate* winner = choice.chosen();
        const PackageVerdict* verdict = winner ? candidate.verdictFor(choice.toolkitRoot)
                                               : (candidate.fits.isEmpty() ? nullptr : &candidate.fits.first().verdict);
        if (!verdict) {
            const PackageFinding* block = nullptr;
            for (const PackageFinding& f : candidate.inspection.findings) {
                if (f.blocks()) {
                    block = &f;
                    break;
                }
            }
            candidate.whyNot = block ? block->diagnostic.message
                                     : QCoreApplication::translate("PackagePicker", "No toolkit to install into.");
        } else if (const PackageFinding* block = verdict->firstBlock()) {
            candidate.whyNot = block->diagnostic.message;
        } else if (!winner) {
            candidate.whyNot = QCoreApplication::translate("PackagePicker",
                                                           "It fits, but the toolkit to install into is ambiguous.");
        } else if (winner->inspection.sha256 == candidate.inspection.sha256) {
            candidate.whyNot
                = QCoreApplication::translate("PackagePicker", "It is the same file as %1.").arg(fileNameOf(*winner));
        } else if (rankOf(candidate, *verdict, needs).served < rankOf(*winner, *choice.chosenVerdict(), needs).served) {
            candidate.whyNot = QCoreApplication::translate("PackagePicker",
                                                           "cuDNN %1 serves fewer of the frameworks that load cuDNN "
                                                           "from this machine than the chosen %2.")
                                   .arg(candidateVersion(candidate), candidateVersion(*winner));
        } else if (rankOf(candidate, *verdict, needs) == rankOf(*winner, *choice.chosenVerdict(), needs)) {
            candidate.whyNot
                = QCoreApplication::translate("PackagePicker", "It fits as well as %1, which comes first by name.")
                      .arg(fileNameOf(*winner));
        } else if (candidate.inspection.cudnnVersion == winner->inspection.cudnnVersion) {
            candidate.whyNot
                = QCoreApplication::translate("PackagePicker", "It fits, but with warnings that %1 does not have.")
                      .arg(fileNameOf(*winner));
        } else {
            candidate.whyNot = QCoreApplication::translate("PackagePicker", "cuDNN %1 is older than the chosen %2.")
                                   .arg(candidateVersion(candidate), candidateVersion(*winner));
        }
    }
    return choice;
}

TaskStatus PackageChoice::taskStatus() const
{
    if (ok())
        return TaskStatus::Ok;
    if (!ambiguousToolkits.isEmpty())
        return TaskStatus::ChoiceNeeded;
    if (containsCode(findings, PackageCode::NoPackage) || containsCode(findings, PackageCode::NoToolkit))
        return TaskStatus::NothingFound;
    return TaskStatus::Rejected; // there were archives, and none fits (or each is damaged)
}
