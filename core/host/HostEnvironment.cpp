#include "HostEnvironment.h"

#include <QCoreApplication>
#include <QFileInfo>
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
