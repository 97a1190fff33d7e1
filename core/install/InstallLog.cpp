#include "InstallLog.h"

#include <QDateTime>

bool FileInstallLog::open(const QString& path, QString* error)
{
    m_file.setFileName(path);
    if (m_file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text))
        return true;
    *error = m_file.errorString();
    return false;
}

void FileInstallLog::write(const QString& line)
{
    if (!m_file.isOpen())
        return;
    m_file.write(QDateTime::currentDateTime().toString(Qt::ISODateWithMs).toUtf8() + ' ' + line.toUtf8() + '\n');
    m_file.flush();
}
