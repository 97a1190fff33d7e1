#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

/**
 * The real cudnn-setup binary (from CUDNN_SETUP_BIN_DIR) run as a deployment script runs it:
 * `cudnn-setup --silent --report <file> <arguments>`, with the system environment less LD_LIBRARY_PATH and
 * CUDNN_SETUP_TEST_FAULT (so neither leaks from the machine running the tests), then the variables the test sets
 * or unsets; optionally behind a wrapper command (e.g. a user switch), within a time limit.
 */
class SilentRun
{
public:
    struct Result
    {
        int exitCode = -1; ///< -1 when the process crashed
        QByteArray out;
        QByteArray err;
        QJsonObject report; ///< empty when no report was written
    };

    /** The report goes to @p reportPath, removed before each run so a stale one is never read. */
    explicit SilentRun(QString reportPath);

    /** Set (or, later in the list, override) one variable of the child's environment. */
    void set(const QString& name, const QString& value);
    void set(const QMap<QString, QString>& variables);
    void unset(const QString& name);
    /** A command the binary runs behind: wrapper.first() is started with wrapper.mid(1) + binary + arguments. */
    void setWrapper(const QStringList& wrapper);
    /** Past this the test aborts: a hung binary is a failure, not a wait. */
    void setTimeLimit(int milliseconds);

    Result run(const QStringList& arguments) const;

    /** The path of the cudnn-setup binary under test. */
    static QString binary();

private:
    QString m_reportPath;
    QStringList m_unset;
    QList<QPair<QString, QString>> m_set;
    QStringList m_wrapper;
    int m_timeLimitMs = 180000;
};

/** The diagnostic codes of a report, in its order. */
QStringList reportCodes(const QJsonObject& report);
