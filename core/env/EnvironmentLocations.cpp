#include "EnvironmentLocations.h"

#include "install/UserInstallList.h"

#include <QDir>

#ifdef Q_OS_WIN
#include "env/RegistryEnvironmentStore.h"
#else
#include <pwd.h>
#include <unistd.h>
#endif

QString EnvironmentLocations::system32() const
{
    return joinPath(OsFlavor::Windows, windowsDirectory, QStringLiteral("System32"));
}

QStringList EnvironmentLocations::systemFolders() const
{
    return {system32(), windowsDirectory};
}

QString EnvironmentLocations::shell() const
{
    return loginShell.isEmpty() ? host.variable(QStringLiteral("SHELL")) : loginShell;
}

QString EnvironmentLocations::installList() const
{
    if (homeDirectory.isEmpty())
        return {};
    const QString config = os() == OsFlavor::Windows ? QStringLiteral("AppData/Local") : QStringLiteral(".config");
    return UserInstallList::fileIn(QDir(homeDirectory).filePath(config));
}

EnvironmentLocations EnvironmentLocations::current(const HostEnvironment& host,
                                                   std::shared_ptr<const ProcessRunner> runner)
{
    EnvironmentLocations locations;
    locations.host = host;
    locations.homeDirectory = QDir::homePath();
    locations.runner = std::move(runner);
    locations.listing = std::make_shared<LocalDirectoryListing>();
#ifdef Q_OS_WIN
    const auto variable = [&host](const char* name, const char* fallback) {
        const QString value = host.variable(QString::fromLatin1(name));
        return normalizedPath(OsFlavor::Windows, value.isEmpty() ? QString::fromLatin1(fallback) : value);
    };
    locations.windowsDirectory = variable("SystemRoot", "C:/Windows");
    locations.knownDlls = RegistryEnvironmentStore::knownDlls();
    locations.store = std::make_shared<RegistryEnvironmentStore>();
#else
    if (const passwd* entry = getpwuid(getuid()); entry && entry->pw_shell)
        locations.loginShell = QString::fromLocal8Bit(entry->pw_shell);
        // The real binary's tests stand a temporary tree in for "/" (as `ldconfig -r` does), so that machine scope, run
        // as root in CI, never writes the real /etc; the user scope follows HOME. Test builds only: in a product a
        // variable someone set must never decide where root writes.
#ifdef CUDNN_SETUP_FAULT_INJECTION
    locations.systemRoot = SystemRoot(host.variable(QStringLiteral("CUDNN_SETUP_SYSTEM_ROOT")));
#endif
    locations.store = std::make_shared<MemoryEnvironmentStore>(); // Linux has no registry; keeps the code paths uniform
#endif
    return locations;
}
