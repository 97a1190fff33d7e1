#pragma once

#include <QString>
#include <memory>

struct ElevationRequest;
class FileInstallLog;
class InstallLog;
class ProgressLineWriter;
class ProgressSink;
class QFile;
class Report;

/**
 * The elevated copy's way back to the process that started it: its report, log and progress files, each created
 * fresh at the start in the invoking user's private folder (PrivateFiles::createForInvokingUser) and held open for
 * the whole run. Nothing is opened by path again later, so a folder renamed or replaced by a link mid-run changes
 * nothing about where the copy writes; and it writes nowhere else the user names.
 */
class ElevatedChannel
{
public:
    ElevatedChannel();
    ~ElevatedChannel();

    /** Creates the request's three files; false with error (nothing kept) when one cannot be made so. */
    bool open(const ElevationRequest& request, QString* error);

    InstallLog* log();
    ProgressSink* progress();
    /** The report, with the run's token, replacing whatever the file held. */
    bool writeReport(const Report& report, QString* error);

private:
    QString m_token;
    std::unique_ptr<FileInstallLog> m_log;
    std::unique_ptr<ProgressLineWriter> m_progress;
    std::unique_ptr<QFile> m_report;
};
