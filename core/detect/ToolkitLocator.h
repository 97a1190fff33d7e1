#pragma once

#include "SystemSnapshot.h"
#include "host/HostEnvironment.h"
#include "host/ProcessRunner.h"

#include <QCoreApplication>

/**
 * Finds every CUDA toolkit on the machine, from every place one is announced: --cuda-root, CUDA_PATH and each
 * CUDA_PATH_V<maj>_<min>, every nvcc on PATH (in order), and the default roots. Paths that lead to the same
 * directory are one toolkit with several origins. Marks the active one and says when the pointers disagree.
 */
class ToolkitLocator
{
    Q_DECLARE_TR_FUNCTIONS(ToolkitLocator)

public:
    struct Result
    {
        QList<CudaToolkit> toolkits;
        QList<ToolkitProblem> problems;

        Diagnostics diagnostics() const;
    };

    ToolkitLocator(const HostEnvironment& host, const ProcessRunner& runner);
    Result locate(const QStringList& explicitRoots) const;

    /** A directory is a toolkit when it has include/cuda.h or a version file. */
    static bool looksLikeToolkit(OsFlavor os, const QString& root);
    /** The toolkit an nvcc on PATH belongs to: links resolved, wrapper scripts followed to the nvcc they run. */
    static QString rootOfNvcc(OsFlavor os, const QString& nvccPath);

private:
    struct Candidate
    {
        QString path;
        QString source;
        enum class Trust { Explicit, Announced, Guessed } trust;
    };
    QList<Candidate> candidates() const;
    QStringList expandRootPattern(const QString& pattern) const;
    void markActive(Result& result) const;

    const HostEnvironment& m_host;
    const ProcessRunner& m_runner;
};
