#pragma once

#include <QFile>
#include <QString>

/** A plain text record of an install, one line per phase and per file action (--log FILE). */
class InstallLog
{
public:
    virtual ~InstallLog() = default;
    virtual void write(const QString& line) = 0;

    /** Writes when there is a log; the engine's steps take an optional one. */
    static void to(InstallLog* log, const QString& line)
    {
        if (log)
            log->write(line);
    }
};

/** Appends timestamped lines to a file, flushed line by line so a killed run leaves its log readable. */
class FileInstallLog final : public InstallLog
{
public:
    /** False with error when the file cannot be opened for appending. */
    bool open(const QString& path, QString* error);
    /** Only an existing plain file, never through a link (an elevated copy writing the log its parent made). */
    bool openExisting(const QString& path, QString* error);
    void write(const QString& line) override;

private:
    QFile m_file;
};
