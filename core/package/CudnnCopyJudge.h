#pragma once

#include "compat/CudnnReleaseTable.h"
#include "detect/SystemSnapshot.h"

#include <QCoreApplication>

/**
 * Judges every copy, wherever it came from, by the rules a toolkit's copy gets once the driver and GPUs are known:
 * the CUDA it was built for against the driver (newest CUDA, NVIDIA's minimum driver for that build), against the
 * active toolkit where a program built with that toolkit would load it by name (a copy on the search path), and
 * the GPUs' compute capability against the range NVIDIA's build supports. Completeness is the scanner's.
 */
class CudnnCopyJudge
{
    Q_DECLARE_TR_FUNCTIONS(CudnnCopyJudge)

public:
    explicit CudnnCopyJudge(const CudnnReleaseTable& releases = CudnnReleaseTable::builtIn());

    /** Adds the problems to each copy and their diagnostics to the snapshot. */
    void judge(SystemSnapshot& snapshot) const;

private:
    QList<CudnnProblem> problemsOf(const CudnnInstall& copy, const SystemSnapshot& snapshot) const;

    const CudnnReleaseTable& m_releases;
};
