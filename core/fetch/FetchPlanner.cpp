#include "FetchPlanner.h"

#include "FetchCode.h"
#include "frameworks/FrameworkCode.h"

#include <QJsonArray>
#include <QSet>
#include <algorithm>

namespace {

QString mebibytes(qint64 bytes)
{
    return QString::number(double(bytes) / (1024.0 * 1024.0), 'f', 1);
}

QString describeArchive(const RedistArchive& archive)
{
    return QCoreApplication::translate("FetchPlan", "cuDNN %1 for CUDA %2 (%3)")
        .arg(archive.cudnnVersion.truncated(3).toString(),
             archive.cudaMajor ? QString::number(*archive.cudaMajor) : QStringLiteral("?"),
             archive.platform);
}

} // namespace

const RedistArchive* FetchPlan::chosen() const
{
    return choice.chosenIndex ? &archives.at(*choice.chosenIndex) : nullptr;
}

QString FetchPlan::explanation(int maxRejected) const
{
    QString text;
    if (const RedistArchive* archive = chosen()) {
        text += tr("Fetch %1, %2 MiB, from %3.\n")
                    .arg(describeArchive(*archive), mebibytes(archive->size), FetchSource::display(archive->url));
        for (const PackageFinding& finding : findings) {
            if (finding.diagnostic.code == FetchCode::Chosen)
                text += QStringLiteral("  %1\n").arg(finding.diagnostic.message);
        }
        for (const PackageFinding& finding : choice.findings) {
            const QString& code = finding.diagnostic.code;
            if (code == FrameworkCode::ChoiceServes || code == FrameworkCode::ChoicePartial)
                text += QStringLiteral("  %1\n").arg(finding.diagnostic.message);
        }
        if (const PackageVerdict* verdict = choice.chosenVerdict()) {
            for (const PackageFinding& reason : verdict->reasons) {
                if (reason.diagnostic.severity >= Severity::Warning)
                    text += QStringLiteral("  %1 %2: %3\n")
                                .arg(severityName(reason.diagnostic.severity),
                                     reason.diagnostic.code,
                                     reason.diagnostic.message);
            }
        }
    } else {
        text += tr("Nothing to fetch.\n");
        for (const PackageFinding& finding : choice.findings + findings) {
            text += QStringLiteral("  %1: %2\n").arg(finding.diagnostic.code, finding.diagnostic.message);
            if (!finding.diagnostic.fix.isEmpty())
                text += QStringLiteral("    %1\n").arg(finding.diagnostic.fix);
        }
    }
    int shown = 0;
    int left = 0;
    for (qsizetype i = 0; i < choice.candidates.size(); ++i) {
        const PackageCandidate& candidate = choice.candidates.at(i);
        if (candidate.chosen)
            continue;
        if (shown == 0)
            text += tr("Not chosen:\n");
        if (shown >= maxRejected) {
            ++left;
            continue;
        }
        text += QStringLiteral("  %1: %2\n").arg(describeArchive(archives.at(i)), candidate.whyNot);
        ++shown;
    }
    if (left > 0)
        text += tr("  ... and %n more (the report lists every one).\n", nullptr, left);
    return text;
}

QJsonObject FetchPlan::toJson() const
{
    QJsonArray candidates;
    for (qsizetype i = 0; i < choice.candidates.size(); ++i) {
        QJsonObject entry = archives.at(i).toJson();
        entry.insert(QStringLiteral("chosen"), choice.candidates.at(i).chosen);
        entry.insert(QStringLiteral("why_not"), choice.candidates.at(i).whyNot);
        candidates.append(entry);
    }
    return QJsonObject{
        {QStringLiteral("platform"), platform},
        {QStringLiteral("chosen"), chosen() ? QJsonValue(chosen()->toJson()) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("toolkit"),
         choice.toolkitRoot.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(choice.toolkitRoot)},
        {QStringLiteral("other_platforms"), otherPlatforms},
        {QStringLiteral("candidates"), candidates},
        {QStringLiteral("diagnostics"), findingsToJson(choice.findings + findings)},
    };
}

FetchPlanner::FetchPlanner(CpuArch hostArch, const PackageValidator& validator)
    : m_hostArch(hostArch)
    , m_validator(validator)
{
}

std::pair<OsFlavor, CpuArch> FetchPlanner::platformOf(const QString& key)
{
    const OsFlavor os = key.startsWith(QLatin1String("windows")) ? OsFlavor::Windows : OsFlavor::Linux;
    const QString arch = key.section(QLatin1Char('-'), 1);
    if (arch == QLatin1String("x86_64"))
        return {os, CpuArch::X86_64};
    if (arch == QLatin1String("sbsa") || arch == QLatin1String("aarch64"))
        return {os, CpuArch::Arm64};
    if (arch == QLatin1String("ppc64le"))
        return {os, CpuArch::Ppc64le};
    return {os, CpuArch::Unknown};
}

PackageInspection FetchPlanner::describe(const RedistArchive& archive)
{
    PackageInspection inspection;
    inspection.file = archive.url.toString();
    inspection.fileSize = archive.size;
    inspection.sha256 = archive.sha256;
    inspection.name = PackageName::parse(archive.fileName());
    if (inspection.name)
        inspection.container = inspection.name->container;
    const auto [os, arch] = platformOf(archive.platform);
    inspection.platform = os;
    inspection.arch = arch;
    inspection.cudnnVersion = archive.cudnnVersion;
    inspection.cudnnVersionSource = QStringLiteral("manifest");
    if (archive.cudaMajor) {
        inspection.cudaVersion = Version{*archive.cudaMajor};
        inspection.cudaVersionSource = QStringLiteral("manifest");
    }
    inspection.expectedChecksum = ExpectedChecksum{archive.sha256, archive.size, archive.manifest.toString()};
    return inspection;
}

FetchPlan FetchPlanner::plan(const QList<RedistArchive>& offered,
                             const SystemSnapshot& system,
                             const std::optional<QString>& cudaRoot,
                             bool force) const
{
    FetchPlan plan;
    // Detection names the one key (a Jetson takes linux-aarch64, an Arm server linux-sbsa); without it, Arm64 Linux
    // has two keys and both are considered.
    plan.platform
        = system.redistPlatform.isEmpty() ? PackageName::platformKey(system.os, m_hostArch) : system.redistPlatform;
    const QString alternative
        = system.redistPlatform.isEmpty() ? PackageName::platformKey(system.os, m_hostArch, false) : plan.platform;

    QList<RedistArchive> considered;
    for (const RedistArchive& archive : offered) {
        if (archive.platform == plan.platform || archive.platform == alternative)
            considered.append(archive);
        else
            ++plan.otherPlatforms;
    }
    // Newest first, so the report reads top-down and ties go to the newest manifest's copy.
    std::stable_sort(considered.begin(), considered.end(), [](const RedistArchive& a, const RedistArchive& b) {
        if (a.cudnnVersion != b.cudnnVersion)
            return a.cudnnVersion > b.cudnnVersion;
        return a.cudaMajor.value_or(0) > b.cudaMajor.value_or(0);
    });
    plan.archives = considered;

    QList<PackageInspection> inspections;
    for (const RedistArchive& archive : considered)
        inspections.append(describe(archive));
    plan.choice = PackagePicker(nullptr, {}, m_validator).choose(inspections, system, cudaRoot, force);

    if (const RedistArchive* archive = plan.chosen()) {
        const CudaToolkit* toolkit = system.toolkitAt(plan.choice.toolkitRoot);
        const QString toolkitText = toolkit && toolkit->version
            ? QCoreApplication::translate("FetchPlan", "the toolkit at %1 (CUDA %2)")
                  .arg(plan.choice.toolkitRoot, toolkit->version->truncated(2).toString())
            : QCoreApplication::translate("FetchPlan", "the toolkit at %1").arg(plan.choice.toolkitRoot);
        const QString driverText = system.driver.version
            ? QCoreApplication::translate("FetchPlan", "the driver %1").arg(system.driver.version->toString())
            : QCoreApplication::translate("FetchPlan", "no driver found");
        plan.findings.append(
            PackageFinding::info(FetchCode::Chosen,
                                 QCoreApplication::translate("FetchPlan",
                                                             "%1 is the newest of %2 offered for %3 that fits %4, "
                                                             "%5 and %n GPU(s).",
                                                             nullptr,
                                                             int(system.gpus.size()))
                                     .arg(describeArchive(*archive))
                                     .arg(considered.size())
                                     .arg(plan.platform, toolkitText, driverText))
                .about(archive->url.toString()));
    } else if (plan.choice.ambiguousToolkits.isEmpty() && !containsCode(plan.choice.findings, PackageCode::NoToolkit)) {
        explainNothingFits(plan, system, cudaRoot, offered);
    }
    return plan;
}

void FetchPlanner::explainNothingFits(FetchPlan& plan,
                                      const SystemSnapshot& system,
                                      const std::optional<QString>& cudaRoot,
                                      const QList<RedistArchive>& offered) const
{
    const auto noneCompatible = [&](const QString& message, const QString& fix) {
        plan.findings.append(PackageFinding::hardBlock(FetchCode::NoneCompatible, message, fix));
    };
    if (plan.archives.isEmpty()) {
        QStringList platforms;
        for (const RedistArchive& archive : offered) {
            if (!platforms.contains(archive.platform))
                platforms.append(archive.platform);
        }
        noneCompatible(
            QCoreApplication::translate("FetchPlan", "The mirror offers no cuDNN for %1 (it has: %2).")
                .arg(plan.platform,
                     platforms.isEmpty() ? QCoreApplication::translate("FetchPlan", "nothing")
                                         : platforms.join(QStringLiteral(", "))),
            QCoreApplication::translate("FetchPlan",
                                        "Use NVIDIA's redist root, or copy the %1 archives and their manifests to "
                                        "the mirror.")
                .arg(plan.platform));
        return;
    }

    QList<const CudaToolkit*> toolkits;
    for (const CudaToolkit& toolkit : system.toolkits) {
        if (!cudaRoot || system.toolkitAt(*cudaRoot) == &toolkit)
            toolkits.append(&toolkit);
    }
    for (const CudaToolkit* toolkit : toolkits) {
        if (!toolkit->version)
            continue;
        const int major = toolkit->version->major();
        // The newest build for this toolkit's CUDA major says what stands in its way (plan.archives is newest first).
        qsizetype newest = -1;
        QList<int> majors;
        for (qsizetype i = 0; i < plan.archives.size(); ++i) {
            const auto cuda = plan.archives.at(i).cudaMajor;
            if (cuda && !majors.contains(*cuda))
                majors.append(*cuda);
            if (cuda == major && newest < 0)
                newest = i;
        }
        if (newest < 0) {
            std::sort(majors.begin(), majors.end());
            QStringList names;
            for (int m : majors)
                names.append(QString::number(m));
            noneCompatible(QCoreApplication::translate("FetchPlan",
                                                       "No cuDNN offered for %1 is built for CUDA %2, the toolkit at "
                                                       "%3 (there are builds for CUDA %4).")
                               .arg(plan.platform)
                               .arg(major)
                               .arg(toolkit->root, names.join(QStringLiteral(", "))),
                           QCoreApplication::translate("FetchPlan",
                                                       "Add the manifest of a cuDNN release built for CUDA %1 to the "
                                                       "mirror, or install into a CUDA toolkit it has a build for.")
                               .arg(major));
            continue;
        }
        const PackageVerdict* verdict = plan.choice.candidates.at(newest).verdictFor(toolkit->root);
        const PackageFinding* block = verdict ? verdict->firstBlock() : nullptr;
        if (!block)
            continue;
        noneCompatible(QCoreApplication::translate("FetchPlan",
                                                   "Nothing offered fits the toolkit at %1; the newest build for CUDA "
                                                   "%2, %3, is held back by: %4")
                           .arg(toolkit->root)
                           .arg(major)
                           .arg(describeArchive(plan.archives.at(newest)), block->diagnostic.message),
                       block->diagnostic.fix);
    }
}
