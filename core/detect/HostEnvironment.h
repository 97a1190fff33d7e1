#pragma once

#include "common/OsFlavor.h"

#include <QMap>
#include <QString>
#include <QStringList>

/**
 * Everything detection reads from the machine besides files: the OS's rules, environment variables and the
 * well-known places. Injected, so tests describe a Windows or Linux machine inside a temporary directory.
 */
struct HostEnvironment
{
    OsFlavor os = OsFlavor::Linux;
    QMap<QString, QString> variables;
    /** Where toolkits live when nobody said: globs on the last path element ("/usr/local/cuda-*"). */
    QStringList defaultToolkitRoots;
    /** Library directories the loader searches last (Linux default dirs; Windows System32 and the Windows dir). */
    QStringList systemLibraryDirs;
    /** The folder holding cudnn-probe; empty means "next to this program". */
    QString probeDirectory;
    /** The loader cache lister (Linux); empty to skip the cache. */
    QString ldconfigProgram;
    /** Linux: the file that names the distribution (/etc/os-release); empty to skip. */
    QString osReleaseFile;
    /** Linux: files whose presence marks a Jetson (Tegra) board, e.g. /etc/nv_tegra_release; empty to skip. */
    QStringList tegraMarkers;
    /** Linux: the C library's version as gnu_get_libc_version() says it; empty when unknown. */
    QString glibcVersion;
    /** The processor as QSysInfo::currentCpuArchitecture() names it ("x86_64", "arm64"); empty when unknown. */
    QString cpuArchitecture;
    /** The user's home folder (Python environments, ~/.conda/environments.txt); empty to skip. */
    QString homeDirectory;
    /** Linux: dpkg's records (/var/lib/dpkg/info, one <package>.list each); empty to skip. */
    QString dpkgInfoDirectory;
    /** Windows: the registered Python installs (what `py -0p` lists: PythonCore InstallPath in HKCU and HKLM) and
     *  the installers' default folders; Linux has none (PATH says). */
    QStringList pythonInstallRoots;
    /** Where NVIDIA's cuDNN installer puts each release: globs such as "C:/Program Files/NVIDIA/CUDNN/v*". */
    QStringList nvidiaCudnnRoots;
    /** Windows: the product name and version (QSysInfo); Linux reads osReleaseFile instead. */
    QString productName;
    QString productVersion;

    /** Null when unset. Windows variable names are case-insensitive. */
    QString variable(const QString& name) const;
    /** Every variable whose name starts with prefix (case-insensitive on Windows), as name -> value. */
    QMap<QString, QString> variablesWithPrefix(const QString& prefix) const;

    /** This machine: the process environment and the OS's standard places. */
    static HostEnvironment current();
    /** The standard places for a flavour (used by current(); tests replace them with temporary directories). */
    static QStringList standardToolkitRoots(OsFlavor os, const QString& programFiles);
    static QStringList standardSystemLibraryDirs(OsFlavor os, const QString& systemRoot);
    /** Where NVIDIA's cuDNN installer puts its releases (Windows: <Program Files>/NVIDIA/CUDNN/v*). */
    static QStringList standardNvidiaCudnnRoots(OsFlavor os, const QString& programFiles);
    /** Windows: the Python installs registered for the py launcher (PEP 514) and conda's all-users bases. */
    static QStringList registeredPythonRoots(const HostEnvironment& host);
};
