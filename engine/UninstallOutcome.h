#pragma once

#include "detect/SystemSnapshot.h"
#include "install/InstallResult.h"

#include <QCoreApplication>
#include <QDateTime>

class Report;

/** One file or registry value of an install's search path change, and what taking that install back leaves there. */
struct SearchPathUndo
{
    enum class Effect {
        PutBack, // what it held before that install
        Removed, // that install created it
        OurPartTakenOut, // what it held before, less the fix of an install taken back since
    };
    QString target; // "/home/ana/.profile", "HKCU\\Environment\\Path"
    Effect effect = Effect::PutBack;

    /** "/home/ana/.profile: as it was before that install.", the same before and after the uninstall. */
    QString sentence(OsFlavor os) const;
};

/** One toolkit (or deploy folder) holding an install by cudnn-setup: what a person chooses among to uninstall. */
struct InstalledCopy
{
    QString root;
    QString cudnnVersion; // of the newest install; empty when the manifest cannot be read
    QDateTime installed;
    QString problem; // why the manifest cannot be read
    QStringList files; // what an uninstall of the newest install removes, relative to the root, in install order
    bool searchPathChanged = false; // that install also changed the search path, which goes back with it
    QList<SearchPathUndo> searchPath; // each file and value of that change
    QString restoredVersion; // the cuDNN of the install before it, which comes back; empty: none (the original)
};

/** What an uninstall is asked to do. */
struct UninstallRequest
{
    QString root; // the toolkit or deploy folder; empty: the only toolkit holding an install
    bool force = false; // take it back even where files changed since (the changed copies are kept)
    QString logFile;
    /** The machine as the face saw it. Given, it is looked at again once the install is taken back (that toolkit and
     *  the same Python environments), so the outcome says what each framework loads now. */
    std::optional<SystemSnapshot> machine{};
};

/** What one uninstall did, or why it did not run (nothing installed, several toolkits to choose from). */
struct UninstallOutcome
{
    Q_DECLARE_TR_FUNCTIONS(UninstallOutcome)

public:
    InstallResult result;
    QList<InstalledCopy> candidates; // set when the request named no root and there was not exactly one
    std::optional<InstalledCopy> takenBack; // the install as it was before it was taken back; set once it was
    /** What each framework loads once the install is taken back; null unless the request gave the machine and the
     *  install was taken back. */
    std::optional<FrameworkVerdicts> frameworks;

    TaskStatus taskStatus() const;
    /** "uninstall": status, the install result's sections and diagnostics. */
    Report toReport() const;
};
