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

/**
 * Appends timestamped lines to a file, flushed line by line so a killed run leaves its log readable. Each line is
 * escaped (escaped()): a path or an argument holding a newline never starts a line of its own.
 */
class FileInstallLog final : public InstallLog
{
public:
    /** line with every control character and Unicode line break written as \n, \r, \xNN or \uNNNN. */
    static QString escaped(const QString& line);
    /** Writes into a file already open for appending (the elevated copy's, created fresh); takes it over. */
    bool adopt(int descriptor, QString* error);
    /** False with error when the file cannot be opened for appending. */
    bool open(const QString& path, QString* error);
    void write(const QString& line) override;

private:
    QFile m_file;
};
