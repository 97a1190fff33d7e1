#pragma once

#include <QJsonObject>
#include <QString>
#include <QTemporaryDir>

/**
 * One hand-over to an elevated copy, on the unelevated side: a private folder (0700) of this user's, the names of the
 * report, progress and log files the copy creates fresh in it (ElevatedChannel), and a random token the copy writes
 * into its report. Everything goes when the session does.
 */
class ElevationSession
{
public:
    ElevationSession();
    /** False with error when the folder could not be made private. */
    bool open(QString* error);

    QString folder() const { return m_dir.path(); }
    QString reportFile() const { return m_reportFile; }
    QString progressFile() const { return m_progressFile; }
    QString logFile() const { return m_logFile; }
    QString token() const { return m_token; }

    enum class ReportState {
        Valid,
        Missing, // empty or not JSON: the copy never got as far as writing it
        WrongToken, // a report, but not this run's
    };
    /** The elevated copy's report, accepted only with this session's token. */
    ReportState readReport(QJsonObject& report) const;
    /** The elevated copy's log, one string per line. */
    QStringList logLines() const;

    /** The report section the elevated copy writes: {"token": ...}. */
    static QString reportSection() { return QStringLiteral("elevation"); }

private:
    QTemporaryDir m_dir;
    QString m_reportFile;
    QString m_progressFile;
    QString m_logFile;
    QString m_token;
};
