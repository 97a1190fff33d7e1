#pragma once

#include "CudnnInstallScanner.h"
#include "ManagedFiles.h"
#include "PythonEnvironment.h"
#include "host/HostEnvironment.h"

#include <QCoreApplication>

/**
 * Finds the cuDNN copies that live outside the toolkits and the search path, and says for every copy where it
 * came from and who owns it:
 * - pip: <site-packages>/nvidia/cudnn/{lib,bin} with headers in nvidia/cudnn/include (nvidia-cudnn-cuNN wheels),
 *   and torch's own copy in <site-packages>/torch/lib;
 * - conda: <env>/lib (Linux) or <env>/Library/bin (Windows), headers in include / Library/include;
 * - NVIDIA's cuDNN 9 Windows installer: <root>/v9.x/bin/<CUDA M.m>[/x64], include/<CUDA M.m>;
 * - a search-path folder dpkg owns is a system package; one next to a program (Windows: an .exe) is app-local.
 */
class CudnnCopyFinder
{
    Q_DECLARE_TR_FUNCTIONS(CudnnCopyFinder)

public:
    CudnnCopyFinder(const HostEnvironment& host, const CudnnInstallScanner& scanner);

    /** pip's and conda's copies in one environment (each library folder scanned once). */
    QList<CudnnInstall> inEnvironment(const PythonEnvironment& environment) const;
    /** One copy per installer release and CUDA version found under host.nvidiaCudnnRoots. */
    QList<CudnnInstall> fromNvidiaInstaller() const;

    /** Sets origin, managedBy, package, packageVersion, environment and cudaMajor of a copy found anywhere. */
    void classify(CudnnInstall& copy,
                  const ManagedFiles& owners,
                  const QList<PythonEnvironment>& environments,
                  const QList<CudaToolkit>& toolkits) const;

    /** The installer's release folders (v9.x/bin) that PATH names: they hold no DLL, so a program that loads cuDNN
     *  by name cannot find it there. One finding per entry, naming the folder that holds the DLLs. */
    Diagnostics installerPathFindings(const QList<CudnnInstall>& copies) const;

    /**
     * A folder on the search path that no toolkit, installer or package manager explains, holding some of a cuDNN
     * major's libraries and missing others (a few DLLs copied beside a program once), is a stray copy, not an
     * install: what it lacks is no damage to restore but a reason to take it off the search path or delete it.
     * Its missing-files finding becomes CUDNN-STRAY-COPY: an error when it is the first folder of the search order
     * (librarySearchDirs) that holds one of its files, so a program loading that name gets it there and fails; a
     * warning when other folders come first.
     */
    void judgeStrayCopy(CudnnInstall& copy, const QStringList& librarySearchDirs) const;

    /** Which of a stray copy's names it is the first to hold for a program: here (this process's search order) and
     *  after a new login; empty where other folders come first. */
    struct StrayStanding
    {
        QString winsHere;
        QString winsAtLogin;
        /** Linux: the start-up file that puts the folder on a new login's LD_LIBRARY_PATH, when one does. */
        QString loginFile;
        /** The conda environment or venv active in this terminal (CONDA_PREFIX, VIRTUAL_ENV) that holds the folder. */
        QString activeEnvironment;
    };
    /** The CUDNN-STRAY-COPY finding for that standing: judged for a new login, this terminal said where it differs. */
    static Diagnostic strayCopyFinding(OsFlavor os, const CudnnInstall& copy, const StrayStanding& standing);
    /** The names a program loads that the copy holds (libcudnn.so.9, cudnn64_8.dll). */
    static QStringList namesProgramsLoad(OsFlavor os, const CudnnInstall& copy);

    /** For an installer copy's library folder: its release root (…/v9.7) and CUDA version ("12.8"); empty if not. */
    struct InstallerFolder
    {
        QString releaseRoot;
        QString cudaVersion;
    };
    static std::optional<InstallerFolder> installerFolder(OsFlavor os, const QString& libraryDir);

private:
    QStringList installerReleaseRoots() const;

    const HostEnvironment& m_host;
    const CudnnInstallScanner& m_scanner;
};
