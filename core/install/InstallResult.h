#pragma once

#include "common/Version.h"
#include "report/Diagnostic.h"
#include "report/TaskStatus.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <optional>

class Report;

/** What an install, deploy, uninstall or recovery did, for the report, the wizard's last page and the exit code. */
struct InstallResult
{
    Q_DECLARE_TR_FUNCTIONS(InstallResult)

public:
    enum class Status {
        Ok, // installed or deployed
        Unchanged, // the root already holds exactly this package: nothing was written
        Rejected, // the package may not be installed (unsafe, damaged, does not fit); nothing was changed
        NeedsElevation, // this user may not write there; nothing was changed
        RolledBack, // it failed or was canceled after it began, and everything was put back
        Failed, // it could not start (locked, no space, unreadable journal) or could not finish putting back
        Uninstalled, // the newest install was taken back
        NotInstalled, // uninstall: cudnn-setup installed nothing there
        Refused, // uninstall: files changed since the install, and no --force
    };

    /** One entry of the "files" list: what happened at one path. */
    struct File
    {
        QString path;
        QString action; // added, replaced, unchanged, removed (install); removed, restored (uninstall)
        QString sha256; // of what is there now (empty for a link, or when nothing is)
        QString linkTarget;
    };

    QString command; // install, deploy, uninstall, recover
    Status status = Status::Failed;
    QString root; // where files went: the toolkit root, or the deploy folder
    QString toolkitRoot;
    std::optional<Version> toolkitVersion;
    QString transaction; // the transaction that ran, if one did
    bool recovered = false; // an interrupted earlier run was rolled back (or finished) first
    QList<File> files;
    QJsonObject changes; // ChangeSet::toJson() of what it set out to change
    Diagnostics diagnostics;

    static QString statusName(Status status);
    TaskStatus taskStatus() const;
    bool succeeded() const;

    /** {"status", "root", "toolkit", "transaction", "recovered", "files", "changes", "diagnostics"}. */
    QJsonObject toJson() const;
    /** Status, sections "toolkit", "deploy" (a deploy), "transaction", "files", "changes", and the diagnostics. */
    void addToReport(Report& report) const;
    /** The result another process wrote as its report (an elevated copy's): addToReport() read back. */
    static InstallResult fromReport(const QJsonObject& report);
};
