#pragma once

#include "env/DirectoryListing.h"
#include "env/EnvironmentStore.h"
#include "env/SystemRoot.h"
#include "host/HostEnvironment.h"
#include "host/ProcessRunner.h"

#include <memory>
#include <optional>

/**
 * Every place the environment code reads or writes, injected: tests point them at a temporary home, a temporary
 * "/" and an in-memory registry, so they never touch the real user's files, /etc or the registry.
 */
struct EnvironmentLocations
{
    HostEnvironment host; // the OS's rules and this process's variables (PATH, LD_LIBRARY_PATH, SystemRoot, ...)
    QString homeDirectory; // Linux user scope
    SystemRoot systemRoot; // Linux: stands for "/" (/etc, /usr/local/cuda)
    QString windowsDirectory; // Windows: C:\Windows; System32 is inside it
    QStringList knownDlls; // names from HKLM\...\Session Manager\KnownDLLs
    QString currentDirectory; // Windows: the folder programs are started in, when one is known (searched before PATH)
    QString loginShell; // the passwd entry's shell; empty: $SHELL
    QStringList applicationDirs; // folders of programs that load their own copies (torch\lib, an app's folder)
    std::shared_ptr<EnvironmentStore> store; // Windows registry
    std::shared_ptr<const ProcessRunner> runner; // ldconfig
    std::shared_ptr<const DirectoryListing> listing;
    /** Linux: may this process rebuild the loader cache (ldconfig)? Unset: when it runs as root. */
    std::optional<bool> loaderCacheRebuildable;

    OsFlavor os() const { return host.os; }
    /**
     * The user's list of installs (UserInstallList), in the user's config folder below homeDirectory
     * (~/.config on Linux, AppData\Local on Windows); empty when no home is known.
     */
    QString installList() const;
    QString system32() const;
    /** Windows: System32, then the Windows folder, which a desktop program searches before every Path folder. */
    QStringList systemFolders() const;
    /** $SHELL when no passwd shell was given. */
    QString shell() const;

    /** This machine: the real home, "/", the registry (Windows), passwd's shell, the disk. */
    static EnvironmentLocations current(const HostEnvironment& host, std::shared_ptr<const ProcessRunner> runner);
};
