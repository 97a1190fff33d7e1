#include "FrameworkJudge.h"

#include "FrameworkCode.h"
#include "PackageRequirement.h"
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
            {QStringLiteral("built_with"), builtWithJson()},
            {QStringLiteral("cudnn"), loads ? QJsonValue(loads->toJson()) : QJsonValue()},
            {QStringLiteral("loaded"), loaded ? QJsonValue(loaded->toJson()) : QJsonValue()},
            {QStringLiteral("fits"), fits ? QJsonValue(*fits) : QJsonValue()},
            {QStringLiteral("codes"), codeList},
            {QStringLiteral("diagnostics"), diagnosticsToJson(findings)}};
}

QJsonValue FrameworkVerdict::builtWithJson() const
{
    if (!builtCudnn && !builtCuda)
        return QJsonValue();
    const auto text = [](const std::optional<Version>& v) { return v ? QJsonValue(v->toString()) : QJsonValue(); };
    const auto from = [](const QString& source) { return source.isEmpty() ? QJsonValue() : QJsonValue(source); };
    return QJsonObject{{QStringLiteral("cuda"), text(builtCuda)},
                       {QStringLiteral("cudnn"), text(builtCudnn)},
                       {QStringLiteral("variant"), variant},
                       {QStringLiteral("source"),
                        QJsonObject{{QStringLiteral("cuda"), from(cudaSource)},
                                    {QStringLiteral("cudnn"), from(cudnnSource)},
                                    {QStringLiteral("variant"), from(variantSource)}}},
                       {QStringLiteral("cudnn_requirement"),
                        cudnnRequirement.isEmpty() ? QJsonValue() : QJsonValue(cudnnRequirement)}};
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
            Diagnostic::of(
                FrameworkCode::NoWindowsGpu,
                tr("%1 has no GPU build on native Windows: it runs on the CPU and loads no cuDNN.").arg(name),
                tr("Run it in WSL2, or use version %1 (the last with native Windows GPU support).").arg(lastText))
                .about(subject.environment)
                .offering(FixAction::Kind::InstallFramework,
                          QStringLiteral("%1==%2.*").arg(subject.distribution, lastText)));
        return verdict;
    }

    if (subject.stated.noCuda) {
        verdict.findings.append(Diagnostic::of(FrameworkCode::NoCudaBuild,
                                               tr("%1 is a build without CUDA (%2 says so): it loads no cuDNN.")
                                                   .arg(name, subject.stated.noCudaSource))
                                    .about(subject.environment));
        return verdict;
    }

    const std::optional<FrameworkTable::Build> resolved = resolveBuild(verdict);
    if (!resolved) {
        verdict.findings.append(
            Diagnostic::of(FrameworkCode::BuildUnknown,
                           tr("%1: which cuDNN this build was made with is not known, so whether it fits is not "
                              "known either.")
                               .arg(name))
                .about(subject.environment));
        // A distribution that ships its own cuDNN loads that copy, whatever it was built with.
        for (const CudnnCopyFact& copy : subject.ownCopies) {
            for (const QString& folder : subject.ownLibraryDirs) {
                if (!verdict.loads && QDir::cleanPath(copy.path) == QDir::cleanPath(folder))
                    verdict.loads = copy;
            }
        }
        // The CUDA it needs may still be known, and with it whether the driver runs it at all.
        if (verdict.builtCuda) {
            if (std::optional<Diagnostic> driver = judgeDriver(verdict, *verdict.builtCuda, machine)) {
                verdict.fits = false;
                verdict.findings.prepend(*driver);
            }
        }
        return verdict;
    }
    const FrameworkTable::Build* build = &*resolved;
    judgeCudnn(verdict, *build, machine);
    if (std::optional<Diagnostic> driver = judgeDriver(verdict, build->cuda, machine)) {
        verdict.fits = false;
        verdict.findings.prepend(*driver);
    }
    return verdict;
}

std::optional<FrameworkTable::Build> FrameworkJudge::resolveBuild(FrameworkVerdict& verdict) const
{
    const FrameworkSubject& subject = verdict.subject;
    const FrameworkSubject::Stated& stated = subject.stated;
    const std::optional<Version> release = FrameworkTable::releaseOf(subject.version);
    // The variant the installed build states (torch/version.py's "+cu130") decides the row when the dist-info
    // version carries no label.
    const QString labelled = FrameworkTable::variantOf(subject.version);
    const QString variant = labelled.isEmpty() ? stated.variant : labelled;
    const FrameworkTable::Build* row = release && !variant.isEmpty()
        ? m_table.buildFor(subject.package, release->toString() + QLatin1Char('+') + variant)
        : m_table.buildFor(subject.package, subject.version);
    // Without a row for that variant the release's default build still says where it looks and how it loads.
    const FrameworkTable::Build* shape
        = row ? row : m_table.buildFor(subject.package, subject.version.section('+', 0, 0));

    FrameworkTable::Build build;
    if (shape) {
        build = *shape;
    } else {
        // A package the table does not know: what it declares is all there is.
        build.package = subject.package;
        const FrameworkTable::CudnnSource where = !stated.cudnnWheel.isEmpty() ? FrameworkTable::CudnnSource::Pip
            : !subject.ownLibraryDirs.isEmpty()                                ? FrameworkTable::CudnnSource::Wheel
                                                : FrameworkTable::CudnnSource::SearchPath;
        build.linuxSource = where;
        build.windowsSource = where;
    }
    if (!row) {
        build.cuda = Version{};
        build.cudnn = Version{};
        build.source.clear();
    }
    build.variant = variant.isEmpty() ? (row ? row->variant : QString()) : variant;
    verdict.variantSource = !labelled.isEmpty() ? QStringLiteral("METADATA")
        : !stated.variant.isEmpty()             ? stated.variantSource
        : row && !row->variant.isEmpty()        ? QStringLiteral("table")
                                                : QString();
    if (!stated.cudnnWheel.isEmpty()) {
        build.pipCudnn = stated.cudnnWheel;
        verdict.cudnnRequirement = stated.cudnnWheel + stated.cudnnSpecifier;
    }

    // A stated value wins over the table's, unless it only confirms the table's less precisely (TensorFlow states
    // the cuDNN major: "9" against the table's 9.3).
    const auto take
        = [&](Version& value, QString& source, const std::optional<Version>& statedValue, const QString& statedSource) {
              const bool fromTable = !value.isNull();
              if (statedValue
                  && !(fromTable && statedValue->size() < value.size()
                       && value.truncated(statedValue->size()) == *statedValue)) {
                  value = *statedValue;
                  source = statedSource;
                  return;
              }
              if (fromTable)
                  source = QStringLiteral("table");
          };
    take(build.cuda, verdict.cudaSource, stated.cuda, stated.cudaSource);
    take(build.cudnn, verdict.cudnnSource, stated.cudnn, stated.cudnnSource);
    if (!build.cuda.isNull())
        verdict.builtCuda = build.cuda;
    if (build.cudnn.isNull())
        return std::nullopt;
    verdict.builtCudnn = build.cudnn;
    verdict.variant = build.variant;
    verdict.source = build.source;
    return build;
}

void FrameworkJudge::judgeCudnn(FrameworkVerdict& verdict,
                                const FrameworkTable::Build& resolved,
                                const MachineFacts& machine) const
{
    const FrameworkSubject& subject = verdict.subject;
    const QString name = who(subject);
    const FrameworkTable::Build* build = &resolved;
    const int major = build->cudnn.major();

    const FrameworkTable::CudnnSource source = build->sourceOn(machine.os);
    const CudnnCopyFact* own = ownCopyOf(subject, major);
    // A conda environment's own cudnn package comes first for every build (conda links its packages against the
    // environment's lib/ and puts it first); a pip build's own copy when its build takes cuDNN from the wheel.
    const bool usesOwn = own
        && (own->origin == QLatin1String("conda") || source == FrameworkTable::CudnnSource::Wheel
            || source == FrameworkTable::CudnnSource::Pip || source == FrameworkTable::CudnnSource::PipOrSearchPath);
    if (usesOwn) {
        verdict.loads = *own;
        verdict.fits = accepts(m_table.ruleFor(subject.package), build->cudnn, own->version.value_or(build->cudnn))
            && withinDeclaredRange(subject, own->version);
        if (!*verdict.fits) {
            verdict.findings.append(
                Diagnostic::of(FrameworkCode::TooOld,
                               verdict.cudnnSource == QLatin1String("METADATA")
                                   ? tr("%1 requires %2 but its own copy at %3 is cuDNN %4.")
                                         .arg(name,
                                              verdict.cudnnRequirement,
                                              QDir::toNativeSeparators(own->path),
                                              versionText(*own))
                                   : tr("%1 was built with cuDNN %2 but its own copy at %3 is cuDNN %4.")
                                         .arg(name,
                                              build->cudnn.toString(),
                                              QDir::toNativeSeparators(own->path),
                                              versionText(*own)),
                               tr("Reinstall the framework so that pip brings the cuDNN it requires."))
                    .about(subject.environment)
                    .offering(FixAction::Kind::InstallFramework,
                              QStringLiteral("%1==%2").arg(subject.distribution, subject.version)));
            return;
        }
        verdict.findings.append(
            Diagnostic::of(FrameworkCode::OwnCopy,
                           tr("%1 uses its own cuDNN %2 (%3, %4): the toolkit's cuDNN does not matter to it.")
                               .arg(name, versionText(*own), own->origin, QDir::toNativeSeparators(own->path)))
                .about(subject.environment));
        judgeMachine(verdict, *build, machine);
        return;
    }

    if (source == FrameworkTable::CudnnSource::Wheel && machine.os == OsFlavor::Windows) {
        // Its DLL folder is added with os.add_dll_directory; PATH is not searched for an extension's dependencies.
        verdict.fits = false;
        const CudnnCopyFact* onPath = firstOfMajor(machine.searchPath, major);
        Diagnostic finding = Diagnostic::of(
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
        return;
    }

    judgeSearchPath(verdict, *build, machine);
    if (verdict.fits.value_or(false))
        judgeMachine(verdict, *build, machine);
    return;
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
                Diagnostic::of(FrameworkCode::MajorMismatch,
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
            Diagnostic::of(
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
            Diagnostic::of(FrameworkCode::VersionUnknown,
                           tr("%1 loads the cuDNN %2.x at %3, whose minor version nothing states: whether it is at "
                              "least %4 is not known.")
                               .arg(name)
                               .arg(major)
                               .arg(QDir::toNativeSeparators(found->path), build.cudnn.toString()))
                .about(subject.environment));
        return;
    }
    const Version runtime = found->version.value_or(build.cudnn);
    if (!accepts(rule, build.cudnn, runtime) || !withinDeclaredRange(subject, found->version)) {
        verdict.fits = false;
        verdict.findings.append(
            Diagnostic::of(
                FrameworkCode::TooOld,
                verdict.cudnnSource == QLatin1String("METADATA")
                    ? tr("%1 requires %2 and the cuDNN it finds at %3 is %4.")
                          .arg(
                              name, verdict.cudnnRequirement, QDir::toNativeSeparators(found->path), runtime.toString())
                    : tr("%1 was built with cuDNN %2 and refuses the older cuDNN %3 it finds at %4.")
                          .arg(name, build.cudnn.toString(), runtime.toString(), QDir::toNativeSeparators(found->path)),
                tr("Install %1.").arg(archive))
                .about(subject.environment)
                .offering(FixAction::Kind::ChoosePackage, archive));
        return;
    }
    verdict.fits = true;
    verdict.findings.append(
        Diagnostic::of(FrameworkCode::Fits,
                       tr("%1 loads cuDNN %2 from %3 (%4): it fits.")
                           .arg(name, runtime.toString(), QDir::toNativeSeparators(found->path), found->origin))
            .about(subject.environment));
}

void FrameworkJudge::judgeMachine(FrameworkVerdict& verdict,
                                  const FrameworkTable::Build& build,
                                  const MachineFacts& machine) const
{
    const QString name = who(verdict.subject);
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
            Diagnostic::of(FrameworkCode::GpuTooOld,
                           tr("%1 loads cuDNN %2, which does not run on a GPU of compute capability %3 (it needs "
                              "%4 or higher).")
                               .arg(name, cudnn->toString(), cc.toString(), cudnnBuild->ccMin->toString()),
                           newest ? tr("Use a build with cuDNN %1 or older.").arg(newest->toString())
                                  : tr("This GPU is below what any cuDNN of that CUDA major supports."))
                .about(verdict.subject.environment));
        return;
    }
}

const CudnnCopyFact* FrameworkJudge::ownCopyOf(const FrameworkSubject& subject, int major)
{
    // A distribution that ships cuDNN in its own folders loads that copy; any other the environment's first.
    for (const CudnnCopyFact& copy : subject.ownCopies) {
        if (majorOf(copy) != major)
            continue;
        for (const QString& folder : subject.ownLibraryDirs) {
            if (QDir::cleanPath(copy.path) == QDir::cleanPath(folder))
                return &copy;
        }
    }
    return firstOfMajor(subject.ownCopies, major);
}

bool FrameworkJudge::withinDeclaredRange(const FrameworkSubject& subject, const std::optional<Version>& cudnn)
{
    if (!cudnn || subject.stated.cudnnSpecifier.isEmpty())
        return true;
    return PackageRequirement::allows(subject.stated.cudnnSpecifier, *cudnn);
}

QString FrameworkJudge::pipCommand(const FrameworkSubject& subject, OsFlavor os, const QString& arguments)
{
    const QDir root(subject.environment);
    const QString python = os != OsFlavor::Windows         ? root.filePath(QStringLiteral("bin/python"))
        : subject.environmentKind == QLatin1String("venv") ? root.filePath(QStringLiteral("Scripts/python.exe"))
                                                           : root.filePath(QStringLiteral("python.exe"));
    QString shown = QDir::toNativeSeparators(python);
    if (shown.contains(QLatin1Char(' ')))
        shown = QLatin1Char('"') + shown + QLatin1Char('"');
    return QStringLiteral("%1 -m %2").arg(shown, arguments);
}

std::optional<Diagnostic>
FrameworkJudge::judgeDriver(const FrameworkVerdict& verdict, const Version& cuda, const MachineFacts& machine) const
{
    if (cuda.isNull() || (!machine.driver && !machine.newestCuda))
        return std::nullopt;
    // The rule the toolkit check applies (CudaDriverTable::fit): natively, or within the CUDA major's minor
    // version compatibility. Without the driver's version, the newest CUDA it reports stands in for it.
    const CudaDriverTable& drivers = CudaDriverTable::builtIn();
    std::optional<Version> needed;
    if (machine.driver) {
        const CudaDriverTable::Fit fit = drivers.fit(*machine.driver, cuda, machine.os);
        if (fit.kind != CudaDriverTable::Fit::Kind::TooOld)
            return std::nullopt;
        needed = fit.needed;
    } else {
        const Version& newest = *machine.newestCuda;
        const bool runs = cuda.major() >= 11 ? newest.major() >= cuda.major() : newest >= cuda.truncated(2);
        if (runs)
            return std::nullopt;
        needed = drivers.familyMinimumDriver(cuda.major(), machine.os);
        if (!needed)
            needed = drivers.minimumDriver(cuda, machine.os);
    }
    const FrameworkSubject& subject = verdict.subject;
    const QString name = who(subject);
    const QString driverText = machine.driver
        ? tr("driver %1").arg(machine.driver->toString())
        : tr("a driver that supports CUDA %1 at most").arg(machine.newestCuda->toString());
    const QString message = needed
        ? tr("%1 is built with CUDA %2, which needs NVIDIA driver %3 or newer; this machine "
             "has %4.")
              .arg(name, cuda.toString(), needed->toString(), driverText)
        : tr("%1 is built with CUDA %2, which this machine's %3 cannot run.").arg(name, cuda.toString(), driverText);

    // Or the same release built for a CUDA this driver runs: the newest such variant the table knows.
    const std::optional<Version> release = FrameworkTable::releaseOf(subject.version);
    const FrameworkTable::Build* older = nullptr;
    if (release) {
        for (const FrameworkTable::Build* build : m_table.buildsOf(subject.package, *release)) {
            const bool runs = machine.driver
                ? drivers.fit(*machine.driver, build->cuda, machine.os).kind != CudaDriverTable::Fit::Kind::TooOld
                : (build->cuda.major() >= 11 ? machine.newestCuda->major() >= build->cuda.major()
                                             : *machine.newestCuda >= build->cuda.truncated(2));
            if (runs && build->cuda < cuda && (!older || older->cuda < build->cuda))
                older = build;
        }
    }
    QString install = older && release ? m_table.installCommand(*older, *release) : QString();
    std::optional<Version> olderCuda = older ? std::optional<Version>(older->cuda) : std::nullopt;
    if (install.isEmpty() && release) {
        // Another package holds the older CUDA's build (jax-cuda13-plugin -> jax[cuda12]).
        if (const auto other = m_table.olderCudaInstall(subject.package, *release)) {
            const bool runs = machine.driver
                ? drivers.fit(*machine.driver, other->first, machine.os).kind != CudaDriverTable::Fit::Kind::TooOld
                : machine.newestCuda->major() >= other->first.major();
            if (runs) {
                install = other->second;
                olderCuda = other->first;
            }
        }
    }
    const QString updateDriver = needed ? tr("Update the NVIDIA driver to %1 or newer").arg(needed->toString())
                                        : tr("Update the NVIDIA driver");
    const QString fix = install.isEmpty()
        ? updateDriver + QLatin1Char('.')
        : tr("%1, or install the build for CUDA %2: %3")
              .arg(updateDriver, olderCuda->toString(), pipCommand(subject, machine.os, install));
    Diagnostic finding = Diagnostic::of(FrameworkCode::DriverTooOld, message, fix);
    finding.about(subject.environment);
    if (!install.isEmpty())
        finding.offering(FixAction::Kind::InstallFramework, install);
    return finding;
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
            Diagnostic finding = Diagnostic::of(
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
