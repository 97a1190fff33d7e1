#include "CudnnOrigin.h"

QString cudnnOriginName(CudnnOrigin origin)
{
    switch (origin) {
    case CudnnOrigin::Toolkit:
        return QStringLiteral("toolkit");
    case CudnnOrigin::NvidiaInstaller:
        return QStringLiteral("nvidia-installer");
    case CudnnOrigin::SystemPackage:
        return QStringLiteral("system-package");
    case CudnnOrigin::Pip:
        return QStringLiteral("pip");
    case CudnnOrigin::Conda:
        return QStringLiteral("conda");
    case CudnnOrigin::AppLocal:
        return QStringLiteral("app-local");
    case CudnnOrigin::SearchPath:
        return QStringLiteral("search-path");
    }
    return QStringLiteral("search-path");
}

QString packageManagerName(PackageManager manager)
{
    switch (manager) {
    case PackageManager::None:
        return {};
    case PackageManager::Dpkg:
        return QStringLiteral("dpkg");
    case PackageManager::Pip:
        return QStringLiteral("pip");
    case PackageManager::Conda:
        return QStringLiteral("conda");
    case PackageManager::NvidiaInstaller:
        return QStringLiteral("nvidia-installer");
    }
    return {};
}
