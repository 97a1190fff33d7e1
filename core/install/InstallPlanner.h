#pragma once

#include "common/OsFlavor.h"
#include "detect/SystemSnapshot.h"
#include "package/PackageFinding.h"
#include "package/PackageInspection.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

/** One thing the install will write: an archive entry, where it goes, and whether that changes anything. */
struct InstallItem
{
    enum class Kind {
        File,
        Symlink,
    };
    enum class Action {
        New,
        Overwrite,
        Same, // identical size and SHA-256 (a link: identical target): nothing to write
    };

    QString source; // the archive entry's path
    QString destination; // absolute, inside the toolkit root
    Kind kind = Kind::File;
    QString linkTarget; // for a symlink, as it will be written
    qint64 size = 0;
    QString sha256; // the content's, from the inspection
    Action action = Action::New;

    static QString actionName(Action action);
    /** {"path", "action", "sha256", "source", "kind", "size", "link_target"}. */
    QJsonObject toJson() const;
};

/** The dry run's answer: every file and link the install would write, and what it would cost. */
struct InstallPlan
{
    QString toolkitRoot;
    OsFlavor os = OsFlavor::Linux;
    QList<InstallItem> items;
    QStringList createFolders; // destination folders that do not exist yet
    QStringList skipped; // archive entries that are not installed (licence, readme, folders)
    qint64 bytesToWrite = 0; // files whose action is not Same
    PackageFindings findings; // conflicts the install could not resolve

    bool isValid() const;
    /** The toolkit already holds exactly these files: every one the same, no folder to make. */
    bool writesNothing() const;
    QJsonObject toJson() const;
};

/**
 * Pure planning, no writes: maps a validated package onto a toolkit root with the layout rules of its OS
 *   Windows  .dll in bin/ or bin/x64/    -> <root>/bin (CUDA < 13) or <root>/bin/x64 (CUDA 13 keeps DLLs there)
 *            .h in include/              -> <root>/include
 *            .lib in lib/x64/ or lib/    -> <root>/lib/x64
 *   Linux    headers in include/         -> <root>/include
 *            libraries in lib/ or lib64/ -> <root>/lib64, following a lib64 link to its real folder; links stay links
 * and compares each destination with what is there now. Nothing lands outside the root, nothing nests under
 * <root>/cuda, and licence and text files stay behind.
 */
class InstallPlanner
{
public:
    static InstallPlan plan(const PackageInspection& package, const CudaToolkit& target, OsFlavor os);
    /**
     * Every folder an install of any package into target may write files to, resolved as plan() resolves them
     * (empty where a link leads outside the root): what can be checked before a package is read.
     */
    static QStringList destinationFolders(const CudaToolkit& target, OsFlavor os);
};
