#include "CudnnCopyJudge.h"

#include "detect/DetectCode.h"

CudnnCopyJudge::CudnnCopyJudge(const CudnnReleaseTable& releases)
    : m_releases(releases)
{
}

void CudnnCopyJudge::judge(SystemSnapshot& snapshot) const
{
    for (CudnnInstall& copy : snapshot.cudnnInstalls) {
        const QList<CudnnProblem> problems = problemsOf(copy, snapshot);
        for (const CudnnProblem& problem : problems)
            snapshot.diagnostics.append(problem.diagnostic);
        copy.problems.append(problems);
    }
}

QList<CudnnProblem> CudnnCopyJudge::problemsOf(const CudnnInstall& copy, const SystemSnapshot& snapshot) const
{
    QList<CudnnProblem> problems;
    if (!copy.cudaMajor)
        return problems;
    const OsFlavor os = snapshot.os;
    const int cuda = *copy.cudaMajor;
    const QString where = displayPath(os, copy.libraryDirs.isEmpty() ? copy.root : copy.libraryDirs.constFirst());
    const QString what = copy.version() ? copy.version()->toString() : QString::number(copy.major);

    const CudaToolkit* active = snapshot.activeToolkit();
    if (copy.location == CudnnInstall::Location::SearchPath && active && active->version
        && active->version->major() != cuda) {
        problems.append(CudnnProblem{
            CudnnProblem::Kind::CudaMismatch,
            Diagnostic::of(DetectCode::CudnnCudaMismatch,
                           tr("cuDNN %1 in %2 is built for CUDA %3, but the active toolkit is CUDA %4: a program "
                              "built with that toolkit that loads cuDNN by name gets this copy.")
                               .arg(what, where)
                               .arg(cuda)
                               .arg(active->version->toString()),
                           tr("Install a cuDNN built for CUDA %1 and let the search-path fix put it first.")
                               .arg(active->version->major()))
                .about(copy.root)});
    }

    const CudnnReleaseTable::Release* release = nullptr;
    const CudnnReleaseTable::Build* build = nullptr;
    if (copy.version()) {
        release = m_releases.releaseFor(*copy.version());
        build = release ? release->buildFor(Version{cuda}) : nullptr;
    }
    const DriverInfo& driver = snapshot.driver;
    if (driver.found && driver.version) {
        const std::optional<Version> minimum = build ? build->minimumDriver(os) : std::nullopt;
        const bool cudaTooNew = driver.newestCuda && driver.newestCuda->major() < cuda;
        if (cudaTooNew || (minimum && *driver.version < *minimum)) {
            problems.append(CudnnProblem{
                CudnnProblem::Kind::DriverTooOld,
                Diagnostic::of(DetectCode::CudnnDriverTooOldForCopy,
                               tr("cuDNN %1 in %2 is built for CUDA %3; driver %4 is too old for it.")
                                   .arg(what, where)
                                   .arg(cuda)
                                   .arg(driver.version->toString()),
                               minimum ? tr("Update the NVIDIA driver to %1 or newer.").arg(minimum->toString())
                                       : tr("Update the NVIDIA driver to one that runs CUDA %1.").arg(cuda))
                    .about(copy.root)});
        }
    }

    if (!build)
        return problems;
    std::optional<Version> ccMin = build->ccMin;
    // CUDA 13 dropped Maxwell, Pascal and Volta: nothing built with it runs below Turing.
    const Version turing{7, 5};
    if (cuda >= 13 && (!ccMin || *ccMin < turing))
        ccMin = turing;
    const bool forwardCompatible = m_releases.forwardCompatible(*copy.version(), cuda);
    for (const GpuInfo& gpu : snapshot.gpus) {
        if (gpu.computeCapability.isNull())
            continue;
        const Version cc = gpu.computeCapability.truncated(2);
        const bool below = ccMin && cc < *ccMin;
        const bool above = build->ccMax && cc > *build->ccMax && !forwardCompatible;
        if (!below && !above)
            continue;
        problems.append(CudnnProblem{
            CudnnProblem::Kind::GpuUnsupported,
            Diagnostic::of(DetectCode::CudnnGpuUnsupported,
                           tr("cuDNN %1 for CUDA %2 in %3 supports compute capability %4 to %5; %6 (%7) is "
                              "outside that range.")
                               .arg(what)
                               .arg(cuda)
                               .arg(where,
                                    ccMin ? ccMin->toString() : QStringLiteral("?"),
                                    build->ccMax ? build->ccMax->toString() : QStringLiteral("?"),
                                    gpu.name,
                                    cc.toString()),
                           tr("Use a cuDNN release whose build for your CUDA lists this GPU in NVIDIA's support "
                              "matrix."))
                .about(copy.root)});
    }
    return problems;
}
