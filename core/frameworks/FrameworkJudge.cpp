#include "FrameworkJudge.h"

#include "FrameworkCode.h"
#include "compat/CudaDriverTable.h"
#include "compat/CudnnReleaseTable.h"

#include <QDir>
#include <QJsonArray>

namespace {

int majorOf(const CudnnCopyFact& copy)
{
    return copy.version ? copy.version->major() : copy.major;
}

QString versionText(const CudnnCopyFact& copy)
{
    return copy.version ? copy.version->toString() : QStringLiteral("%1.x").arg(majorOf(copy));
}

const CudnnCopyFact* firstOfMajor(const QList<CudnnCopyFact>& copies, int major)
{
    for (const CudnnCopyFact& copy : copies) {
        if (majorOf(copy) == major)
            return &copy;
    }
    return nullptr;
}

} // namespace

QJsonObject CudnnCopyFact::toJson() const
{
    return {{QStringLiteral("version"), version ? QJsonValue(version->toString()) : QJsonValue()},
            {QStringLiteral("path"), path.isEmpty() ? QJsonValue() : QJsonValue(QDir::toNativeSeparators(path))},
            {QStringLiteral("origin"), origin}};
}

QStringList FrameworkVerdict::codes() const
{
    QStringList codes;
    for (const Diagnostic& finding : findings)
        codes.append(finding.code);
    return codes;
}

QString FrameworkVerdict::summary() const
{
    for (const Diagnostic& finding : findings) {
        if (finding.severity != Severity::Info)
            return finding.message;
    }
    return findings.isEmpty() ? QString() : findings.first().message;
}

QJsonObject FrameworkVerdict::toJson() const
{
    QJsonArray codeList;
    for (const QString& code : codes())
        codeList.append(code);
    return {{QStringLiteral("environment"), QDir::toNativeSeparators(subject.environment)},
            {QStringLiteral("environment_kind"), subject.environmentKind},
            {QStringLiteral("package"), subject.distribution},
            {QStringLiteral("version"), subject.version},
            {QStringLiteral("built_with"),
             builtCudnn ? QJsonValue(QJsonObject{{QStringLiteral("cuda"), builtCuda->toString()},
                                                 {QStringLiteral("cudnn"), builtCudnn->toString()},
                                                 {QStringLiteral("variant"), variant}})
                        : QJsonValue()},
            {QStringLiteral("cudnn"), loads ? QJsonValue(loads->toJson()) : QJsonValue()},
            {QStringLiteral("loaded"), loaded ? QJsonValue(loaded->toJson()) : QJsonValue()},
            {QStringLiteral("fits"), fits ? QJsonValue(*fits) : QJsonValue()},
            {QStringLiteral("codes"), codeList},
            {QStringLiteral("diagnostics"), diagnosticsToJson(findings)}};
}

QJsonArray frameworkVerdictsToJson(const FrameworkVerdicts& verdicts)
{
    QJsonArray array;
    for (const FrameworkVerdict& verdict : verdicts)
        array.append(verdict.toJson());
    return array;
}

FrameworkJudge::FrameworkJudge(const FrameworkTable& table)
    : m_table(table)
{
}

bool FrameworkJudge::accepts(FrameworkTable::LoadRule rule, const Version& built, const Version& runtime)
{
    if (built.major() != runtime.major())
        return false;
    return rule == FrameworkTable::LoadRule::SameMajor || runtime.minor() >= built.minor();
}

QString FrameworkJudge::who(const FrameworkSubject& subject) const
{
    return tr("%1 %2 in %3").arg(subject.distribution, subject.version, QDir::toNativeSeparators(subject.environment));
}

QString FrameworkJudge::requirementWithMajor(const FrameworkSubject& subject, int major) const
{
    const std::optional<Version> release = FrameworkTable::releaseOf(subject.version);
    if (!release)
        return {};
    const FrameworkTable::Build* nearest = m_table.nearestWithCudnnMajor(subject.package, *release, major);
    if (!nearest)
        return {};
    return nearest->from > *release ? QStringLiteral("%1>=%2").arg(subject.distribution, nearest->from.toString())
                                    : QStringLiteral("%1<=%2").arg(subject.distribution, nearest->to.toString());
}

FrameworkVerdict FrameworkJudge::judge(const FrameworkSubject& subject, const MachineFacts& machine) const
{
    FrameworkVerdict verdict;
    verdict.subject = subject;
    const QString name = who(subject);
    const std::optional<Version> release = FrameworkTable::releaseOf(subject.version);

    if (release && !m_table.hasGpuBuild(subject.package, *release, machine.os)) {
        verdict.fits = false;
        const std::optional<Version> last = m_table.lastGpuVersion(subject.package, machine.os);
        const QString lastText = last ? last->toString() : QString();
        verdict.findings.append(
            Diagnostic::error(
                FrameworkCode::NoWindowsGpu,
                tr("%1 has no GPU build on native Windows: it runs on the CPU and loads no cuDNN.").arg(name),
                tr("Run it in WSL2, or use version %1 (the last with native Windows GPU support).").arg(lastText))
                .about(subject.environment)
                .offering(FixAction::Kind::InstallFramework,
                          QStringLiteral("%1==%2.*").arg(subject.distribution, lastText)));
        return verdict;
    }

    const FrameworkTable::Build* build = m_table.buildFor(subject.package, subject.version);
    if (!build) {
        verdict.findings.append(
            Diagnostic::info(FrameworkCode::BuildUnknown,
                             tr("%1: which cuDNN this build was made with is not known, so whether it fits is not "
                                "known either.")
                                 .arg(name))
                .about(subject.environment));
        return verdict;
    }
    verdict.builtCuda = build->cuda;
    verdict.builtCudnn = build->cudnn;
    verdict.variant = build->variant;
    verdict.source = build->source;
    const int major = build->cudnn.major();

    const FrameworkTable::CudnnSource source = build->sourceOn(machine.os);
    const CudnnCopyFact* own = firstOfMajor(subject.ownCopies, major);
    // A conda environment's own cudnn package comes first for every build (conda links its packages against the
    // environment's lib/ and puts it first); a pip build's own copy when its build takes cuDNN from the wheel.
    const bool usesOwn = own
        && (own->origin == QLatin1String("conda") || source == FrameworkTable::CudnnSource::Wheel
            || source == FrameworkTable::CudnnSource::Pip || source == FrameworkTable::CudnnSource::PipOrSearchPath);
    if (usesOwn) {
        verdict.loads = *own;
        verdict.fits = accepts(m_table.ruleFor(subject.package), build->cudnn, own->version.value_or(build->cudnn));
        if (!*verdict.fits) {
            verdict.findings.append(
                Diagnostic::error(
                    FrameworkCode::TooOld,
                    tr("%1 was built with cuDNN %2 but its own copy at %3 is cuDNN %4.")
                        .arg(name, build->cudnn.toString(), QDir::toNativeSeparators(own->path), versionText(*own)),
                    tr("Reinstall the framework so that pip brings the cuDNN it requires."))
                    .about(subject.environment)
                    .offering(FixAction::Kind::InstallFramework,
                              QStringLiteral("%1==%2").arg(subject.distribution, subject.version)));
            return verdict;
        }
        verdict.findings.append(
            Diagnostic::info(FrameworkCode::OwnCopy,
                             tr("%1 uses its own cuDNN %2 (%3, %4): the toolkit's cuDNN does not matter to it.")
                                 .arg(name, versionText(*own), own->origin, QDir::toNativeSeparators(own->path)))
                .about(subject.environment));
        judgeMachine(verdict, *build, machine);
        return verdict;
    }

    if (source == FrameworkTable::CudnnSource::Wheel && machine.os == OsFlavor::Windows) {
        // Its DLL folder is added with os.add_dll_directory; PATH is not searched for an extension's dependencies.
        verdict.fits = false;
        const CudnnCopyFact* onPath = firstOfMajor(machine.searchPath, major);
        Diagnostic finding = Diagnostic::error(
            FrameworkCode::PyIgnoresPath,
            tr("%1 expects cuDNN %2 in its own folder and has none; Python 3.8 and later does not search PATH for it.")
                .arg(name, build->cudnn.toString()),
            onPath ? tr("Add the folder of a fitting cuDNN to the program's DLL directories, or reinstall the "
                        "framework.")
                   : tr("Reinstall the framework with its CUDA build."));
        finding.about(subject.environment);
        if (onPath)
            finding.offering(FixAction::Kind::AddDllDirectory, QDir::toNativeSeparators(onPath->path));
        verdict.findings.append(finding);
        return verdict;
    }

    judgeSearchPath(verdict, *build, machine);
    if (verdict.fits.value_or(false))
        judgeMachine(verdict, *build, machine);
    return verdict;
}

void FrameworkJudge::judgeSearchPath(FrameworkVerdict& verdict,
                                     const FrameworkTable::Build& build,
                                     const MachineFacts& machine) const
{
    verdict.fromSearchPath = true;
    const FrameworkSubject& subject = verdict.subject;
    const QString name = who(subject);
    const int major = build.cudnn.major();
    const QString archive
        = tr("cuDNN %1.%2 or later %1.x for CUDA %3").arg(major).arg(build.cudnn.minor()).arg(build.cuda.major());
    const CudnnCopyFact* found = firstOfMajor(machine.searchPath, major);
    if (!found) {
        verdict.fits = false;
        const CudnnCopyFact* other = machine.searchPath.isEmpty() ? nullptr : &machine.searchPath.first();
        if (other) {
            const int otherMajor = majorOf(*other);
            const QString alternative = otherMajor ? requirementWithMajor(subject, otherMajor) : QString();
            verdict.findings.append(
                Diagnostic::error(FrameworkCode::MajorMismatch,
                                  tr("%1 was built with cuDNN %2 and loads only a cuDNN %3.x; the search path offers "
                                     "cuDNN %4 (%5).")
                                      .arg(name, build.cudnn.toString())
                                      .arg(major)
                                      .arg(versionText(*other), QDir::toNativeSeparators(other->path)),
                                  alternative.isEmpty()
                                      ? tr("Install %1 next to it.").arg(archive)
                                      : tr("Install %1 next to it, or use %2, which is built with cuDNN %3.")
                                            .arg(archive, alternative)
                                            .arg(otherMajor))
                    .about(subject.environment)
                    .offering(FixAction::Kind::ChoosePackage, archive));
            return;
        }
        const CudnnCopyFact* aside = firstOfMajor(machine.elsewhere, major);
        verdict.findings.append(
            Diagnostic::error(
                FrameworkCode::NotFound,
                aside ? tr("%1 loads cuDNN %2.x by name, and none is on the library search path (cuDNN "
                           "%3 lies at %4, where no search reaches).")
                            .arg(name)
                            .arg(major)
                            .arg(versionText(*aside), QDir::toNativeSeparators(aside->path))
                      : tr("%1 loads cuDNN %2.x by name, and none is on the library search path.").arg(name).arg(major),
                tr("Install %1.").arg(archive))
                .about(subject.environment)
                .offering(FixAction::Kind::ChoosePackage, archive));
        return;
    }
    verdict.loads = *found;
    const FrameworkTable::LoadRule rule = m_table.ruleFor(subject.package);
    if (!found->version && rule == FrameworkTable::LoadRule::SameMajorMinorAtLeast) {
        verdict.findings.append(
            Diagnostic::info(FrameworkCode::VersionUnknown,
                             tr("%1 loads the cuDNN %2.x at %3, whose minor version nothing states: whether it is at "
                                "least %4 is not known.")
                                 .arg(name)
                                 .arg(major)
                                 .arg(QDir::toNativeSeparators(found->path), build.cudnn.toString()))
                .about(subject.environment));
        return;
    }
    const Version runtime = found->version.value_or(build.cudnn);
    if (!accepts(rule, build.cudnn, runtime)) {
        verdict.fits = false;
        verdict.findings.append(
            Diagnostic::error(
                FrameworkCode::TooOld,
                tr("%1 was built with cuDNN %2 and refuses the older cuDNN %3 it finds at %4.")
                    .arg(name, build.cudnn.toString(), runtime.toString(), QDir::toNativeSeparators(found->path)),
                tr("Install %1.").arg(archive))
                .about(subject.environment)
                .offering(FixAction::Kind::ChoosePackage, archive));
        return;
    }
    verdict.fits = true;
    verdict.findings.append(
        Diagnostic::info(FrameworkCode::Fits,
                         tr("%1 loads cuDNN %2 from %3 (%4): it fits.")
                             .arg(name, runtime.toString(), QDir::toNativeSeparators(found->path), found->origin))
            .about(subject.environment));
}

void FrameworkJudge::judgeMachine(FrameworkVerdict& verdict,
                                  const FrameworkTable::Build& build,
                                  const MachineFacts& machine) const
{
    const QString name = who(verdict.subject);
    if (machine.driver) {
        const std::optional<Version> floor
            = CudaDriverTable::builtIn().familyMinimumDriver(build.cuda.major(), machine.os);
        if (floor && *machine.driver < *floor) {
            verdict.fits = false;
            verdict.findings.append(
                Diagnostic::error(FrameworkCode::DriverTooOld,
                                  tr("%1 is built with CUDA %2, which needs driver %3 or newer; "
                                     "this driver is %4.")
                                      .arg(name, build.cuda.toString(), floor->toString(), machine.driver->toString()),
                                  tr("Update the NVIDIA driver to %1 or newer.").arg(floor->toString()))
                    .about(verdict.subject.environment));
        }
    }
    const std::optional<Version> cudnn = verdict.loads ? verdict.loads->version : std::nullopt;
    const CudnnReleaseTable::Release* release = cudnn ? CudnnReleaseTable::builtIn().releaseFor(*cudnn) : nullptr;
    const CudnnReleaseTable::Build* cudnnBuild = release ? release->buildFor(build.cuda) : nullptr;
    if (!cudnnBuild || !cudnnBuild->ccMin)
        return;
    for (const Version& cc : machine.gpuComputeCapabilities) {
        if (!(cc < *cudnnBuild->ccMin))
            continue;
        verdict.fits = false;
        const std::optional<Version> newest = CudnnReleaseTable::builtIn().newestSupporting(cc, build.cuda.major());
        verdict.findings.append(
            Diagnostic::error(FrameworkCode::GpuTooOld,
                              tr("%1 loads cuDNN %2, which does not run on a GPU of compute capability %3 (it needs "
                                 "%4 or higher).")
                                  .arg(name, cudnn->toString(), cc.toString(), cudnnBuild->ccMin->toString()),
                              newest ? tr("Use a build with cuDNN %1 or older.").arg(newest->toString())
                                     : tr("This GPU is below what any cuDNN of that CUDA major supports."))
                .about(verdict.subject.environment));
        return;
    }
}

FrameworkVerdicts FrameworkJudge::judgeAll(const QList<FrameworkSubject>& subjects, const MachineFacts& machine) const
{
    FrameworkVerdicts verdicts;
    for (const FrameworkSubject& subject : subjects)
        verdicts.append(judge(subject, machine));
    markConflicts(verdicts);
    return verdicts;
}

void FrameworkJudge::markConflicts(FrameworkVerdicts& verdicts) const
{
    for (FrameworkVerdict& verdict : verdicts) {
        if (!verdict.builtCudnn)
            continue;
        for (const FrameworkVerdict& other : verdicts) {
            if (&other == &verdict || !other.builtCudnn || other.subject.environment != verdict.subject.environment
                || other.builtCudnn->major() == verdict.builtCudnn->major())
                continue;
            // The one with the older major moves: the newer major is where both frameworks are going.
            const bool thisMoves = verdict.builtCudnn->major() < other.builtCudnn->major();
            const FrameworkSubject& mover = thisMoves ? verdict.subject : other.subject;
            const int target = thisMoves ? other.builtCudnn->major() : verdict.builtCudnn->major();
            const QString requirement = requirementWithMajor(mover, target);
            Diagnostic finding = Diagnostic::warning(
                FrameworkCode::MajorsConflict,
                tr("%1 needs cuDNN %2.x and %3 %4 in the same environment needs cuDNN %5.x: no single cuDNN serves "
                   "both in one process.")
                    .arg(who(verdict.subject))
                    .arg(verdict.builtCudnn->major())
                    .arg(other.subject.distribution, other.subject.version)
                    .arg(other.builtCudnn->major()),
                requirement.isEmpty() ? tr("Keep %1 in a separate environment.").arg(mover.distribution)
                                      : tr("Install %1 (built with cuDNN %2), or keep %3 in a separate environment.")
                                            .arg(requirement)
                                            .arg(target)
                                            .arg(mover.distribution));
            finding.about(verdict.subject.environment);
            if (!requirement.isEmpty())
                finding.offering(FixAction::Kind::InstallFramework, requirement);
            verdict.findings.append(finding);
            break;
        }
    }
}
