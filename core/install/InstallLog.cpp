#include "InstallLog.h"

#include "common/Logging.h"

#include <QDateTime>

bool FileInstallLog::open(const QString& path, QString* error)
{
    m_file.setFileName(path);
    if (m_file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text))
        return true;
    *error = m_file.errorString();
    return false;
}

QString FileInstallLog::escaped(const QString& line)
{
    QString text;
    text.reserve(line.size());
    for (const QChar c : line) {
        const char16_t u = c.unicode();
        if (u == '\n')
            text += QStringLiteral("\\n");
        else if (u == '\r')
            text += QStringLiteral("\\r");
        else if (u < 0x20 && u != '\t')
            text += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
        else if (u == 0x7f || u == 0x85 || u == 0x2028 || u == 0x2029)
            text += QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0'));
        else
            text += c;
    }
    return text;
}

bool FileInstallLog::adopt(int descriptor, QString* error)
{
    if (m_file.open(descriptor, QIODevice::WriteOnly | QIODevice::Append, QFileDevice::AutoCloseHandle))
        return true;
    *error = m_file.errorString();
    return false;
}

void FileInstallLog::write(const QString& line)
{
    qCDebug(lcInstall).noquote() << line; // the user's log line, for a developer tracing without --log
    if (!m_file.isOpen())
        return;
    m_file.write(QDateTime::currentDateTime().toString(Qt::ISODateWithMs).toUtf8() + ' ' + escaped(line).toUtf8()
                 + '\n');
    m_file.flush();
}
