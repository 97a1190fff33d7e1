#pragma once

#include "ChangeSet.h"
#include "package/PackageInspection.h"
#include "report/Diagnostic.h"

#include <QCoreApplication>
#include <functional>

/**
 * What must hold before the first byte is written: a package with nothing unsafe in it, a target whose folders are
 * what the plan resolved (inside the root, not redirected by a link), folders this user may write, and room for
 * the files with a margin. The machine is reached through two probes, so tests can stand in a full or read-only disk.
 */
class Preflight
{
    Q_DECLARE_TR_FUNCTIONS(Preflight)

public:
    using SpaceProbe = std::function<qint64(const QString& path)>;
    using WriteProbe = std::function<bool(const QString& folder)>;

    Preflight();
    Preflight(SpaceProbe availableBytes, WriteProbe canWriteIn);

    /** INSTALL-UNSAFE-PACKAGE for each finding that forbids writing any of this package, force or not. */
    static Diagnostics checkPackage(const PackageInspection& package, const PackageFindings& planFindings);
    /** INSTALL-UNSAFE-TARGET, INSTALL-NEEDS-ELEVATION, INSTALL-NO-SPACE. stateFolder: where journal and backups go. */
    enum class Space {
        Check,
        Staged, // the files are on the volume already: putting them in place takes no room
    };
    Diagnostics checkTarget(const ChangeSet& changes, const QString& stateFolder, Space space = Space::Check) const;
    /**
     * Before a package is read into root: INSTALL-NEEDS-ELEVATION for the first of root (or its state folder) and
     * the destination folders (the nearest existing level of each) this user may not write, and INSTALL-NO-SPACE
     * when the volume cannot hold atLeastBytes (the archive's own size: what it unpacks to is only known once read).
     */
    Diagnostics checkBeforeReading(const QString& root,
                                   const QString& stateFolder,
                                   const QStringList& destinations,
                                   qint64 atLeastBytes,
                                   OsFlavor os) const;
    /** Every folder an install of changes writes to: the state folder (or the root, before it exists) first. */
    static QStringList foldersToWrite(const ChangeSet& changes, const QString& stateFolder);
    /**
     * INSTALL-NEEDS-ELEVATION for the first of these folders this user may not write; INSTALL-READ-ONLY-VOLUME when
     * it lies on a read-only mount (no user may write there, so elevating would not help).
     */
    Diagnostics checkWritable(const QStringList& folders) const;
    /** INSTALL-UNSAFE-TARGET when root's state folder exists as something else than a plain folder (a file, a link). */
    static Diagnostics checkStateFolder(const QString& stateFolder, OsFlavor os);
    /** The lock file, when the lock could not be taken: a link, a folder or anything but a file is unsafe. */
    static Diagnostics checkLockFile(const QString& lockFile, OsFlavor os);
    /** Replaces the read-only mount probe (FileSystem::isOnReadOnlyVolume), for tests. */
    void setReadOnlyProbe(WriteProbe isReadOnly) { m_isReadOnly = std::move(isReadOnly); }

    /** Free bytes on the volume holding path, as this preflight's probe tells them; -1 if unknown. */
    qint64 availableBytes(const QString& path) const { return m_availableBytes ? m_availableBytes(path) : -1; }

    /** Room to keep free beyond the files themselves: 5 %, at least 64 MiB. */
    static qint64 margin(qint64 bytes);

private:
    Diagnostics checkSpace(const QString& root, qint64 bytes, OsFlavor os) const;

    SpaceProbe m_availableBytes;
    WriteProbe m_canWriteIn;
    WriteProbe m_isReadOnly;
};
