#pragma once

#include "common/OsFlavor.h"
#include "package/PackageFinding.h"

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
