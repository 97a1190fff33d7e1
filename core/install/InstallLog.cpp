#include "InstallLog.h"

#include "common/Logging.h"
#include "host/PrivateFiles.h"

#include <QDateTime>

bool FileInstallLog::open(const QString& path, QString* error)
{
    m_file.setFileName(path);
    if (m_file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text))
        return true;
    *error = m_file.errorString();
    return false;
}

bool FileInstallLog::openExisting(const QString& path, QString* error)
{
    return PrivateFiles::openExisting(m_file, path, PrivateFiles::Write::Append, error);
}

void FileInstallLog::write(const QString& line)
{
    qCDebug(lcInstall).noquote() << line; // the user's log line, for a developer tracing without --log
    if (!m_file.isOpen())
        return;
    m_file.write(QDateTime::currentDateTime().toString(Qt::ISODateWithMs).toUtf8() + ' ' + line.toUtf8() + '\n');
    m_file.flush();
}
