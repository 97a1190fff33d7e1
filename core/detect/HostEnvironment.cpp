#include "HostEnvironment.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QProcessEnvironment>
#include <QSysInfo>

#if defined(__GLIBC__) || (defined(__linux__) && !defined(__ANDROID__))
#include <gnu/libc-version.h>
#define CUDNN_SETUP_HAS_GLIBC 1
#endif

QString HostEnvironment::variable(const QString& name) const
{
    if (os != OsFlavor::Windows)
        return variables.value(name);
    for (auto it = variables.cbegin(); it != variables.cend(); ++it) {
        if (it.key().compare(name, Qt::CaseInsensitive) == 0)
            return it.value();
    }
    return {};
}

QMap<QString, QString> HostEnvironment::variablesWithPrefix(const QString& prefix) const
{
    QMap<QString, QString> matches;
    for (auto it = variables.cbegin(); it != variables.cend(); ++it) {
        if (it.key().startsWith(prefix, fileNameCase(os)))
            matches.insert(it.key(), it.value());
    }
    return matches;
}

QStringList HostEnvironment::standardToolkitRoots(OsFlavor os, const QString& programFiles)
{
    if (os == OsFlavor::Windows)
        return {programFiles + QStringLiteral("/NVIDIA GPU Computing Toolkit/CUDA/v*")};
    return {QStringLiteral("/usr/local/cuda"), QStringLiteral("/usr/local/cuda-*"), QStringLiteral("/opt/cuda")};
}

QStringList HostEnvironment::standardSystemLibraryDirs(OsFlavor os, const QString& systemRoot)
{
    if (os == OsFlavor::Windows)
        return {systemRoot + QStringLiteral("/System32"), systemRoot};
    return {QStringLiteral("/lib/x86_64-linux-gnu"),
            QStringLiteral("/usr/lib/x86_64-linux-gnu"),
            QStringLiteral("/lib64"),
            QStringLiteral("/usr/lib64"),
            QStringLiteral("/lib"),
            QStringLiteral("/usr/lib")};
}

QStringList HostEnvironment::standardNvidiaCudnnRoots(OsFlavor os, const QString& programFiles)
{
    if (os == OsFlavor::Windows)
        return {programFiles + QStringLiteral("/NVIDIA/CUDNN/v*")};
    return {};
}

/** What `py -0p` lists, read where the launcher reads it (PEP 514): Software\Python\PythonCore\<tag>\InstallPath
 *  under HKCU and HKLM (both views), plus conda's all-users base installs. */
QStringList HostEnvironment::registeredPythonRoots(const HostEnvironment& host)
{
    QStringList roots;
    if (host.os != OsFlavor::Windows)
        return roots;
#ifdef Q_OS_WIN
    for (const QString& hive : {QStringLiteral("HKEY_CURRENT_USER"), QStringLiteral("HKEY_LOCAL_MACHINE")}) {
        for (const auto format : {QSettings::Registry64Format, QSettings::Registry32Format}) {
            QSettings core(hive + QStringLiteral("\\Software\\Python\\PythonCore"), format);
            for (const QString& tag : core.childGroups()) {
                const QString path = core.value(tag + QStringLiteral("/InstallPath/.")).toString();
                if (!path.isEmpty() && !roots.contains(path, Qt::CaseInsensitive))
                    roots.append(path);
            }
        }
    }
#endif
    const QString programData = host.variable(QStringLiteral("ProgramData"));
    if (!programData.isEmpty()) {
        for (const QString& base : {QStringLiteral("miniconda3"), QStringLiteral("anaconda3"), QStringLiteral("miniforge3")})
            roots.append(QDir(programData).filePath(base));
    }
    return roots;
}

HostEnvironment HostEnvironment::current()
{
    HostEnvironment host;
    host.os = hostOsFlavor();
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& key : env.keys())
        host.variables.insert(key, env.value(key));

    QString programFiles = host.variable(QStringLiteral("ProgramFiles"));
    if (programFiles.isEmpty())
        programFiles = QStringLiteral("C:/Program Files");
    QString systemRoot = host.variable(QStringLiteral("SystemRoot"));
    if (systemRoot.isEmpty())
        systemRoot = QStringLiteral("C:/Windows");
    host.defaultToolkitRoots = standardToolkitRoots(host.os, normalizedPath(host.os, programFiles));
    host.systemLibraryDirs = standardSystemLibraryDirs(host.os, normalizedPath(host.os, systemRoot));
    if (host.os == OsFlavor::Linux)
        host.ldconfigProgram = QFileInfo::exists(QStringLiteral("/sbin/ldconfig")) ? QStringLiteral("/sbin/ldconfig")
                                                                                   : QStringLiteral("ldconfig");
    host.homeDirectory = QDir::homePath();
    if (host.os == OsFlavor::Linux)
        host.dpkgInfoDirectory = QStringLiteral("/var/lib/dpkg/info");
    host.nvidiaCudnnRoots = standardNvidiaCudnnRoots(host.os, normalizedPath(host.os, programFiles));
    host.pythonInstallRoots = registeredPythonRoots(host);
#ifdef CUDNN_SETUP_FAULT_INJECTION
    // The test tree only: e2e runs describe dpkg's records and the installer's folder inside a temporary directory.
    if (const QString dpkg = qEnvironmentVariable("CUDNN_SETUP_TEST_DPKG_INFO"); !dpkg.isEmpty())
        host.dpkgInfoDirectory = dpkg;
    if (const QString installer = qEnvironmentVariable("CUDNN_SETUP_TEST_NVIDIA_CUDNN"); !installer.isEmpty())
        host.nvidiaCudnnRoots = {installer + QStringLiteral("/v*")};
#endif
    host.cpuArchitecture = QSysInfo::currentCpuArchitecture();
    if (host.os == OsFlavor::Linux) {
        host.osReleaseFile = QStringLiteral("/etc/os-release");
        host.tegraMarkers = {QStringLiteral("/etc/nv_tegra_release")};
#ifdef CUDNN_SETUP_HAS_GLIBC
        host.glibcVersion = QString::fromLatin1(gnu_get_libc_version());
#endif
    } else {
        host.productName = QSysInfo::productType() == QLatin1String("windows") ? QStringLiteral("Windows")
                                                                               : QSysInfo::prettyProductName();
        host.productVersion = QSysInfo::kernelVersion();
    }
    if (QCoreApplication::instance())
        host.probeDirectory = QCoreApplication::applicationDirPath();
    return host;
}
