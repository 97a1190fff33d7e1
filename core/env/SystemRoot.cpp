#include "SystemRoot.h"

#include <QDir>

SystemRoot::SystemRoot(const QString& prefix)
{
    const QString cleaned = QDir::cleanPath(prefix);
    m_prefix = cleaned == QLatin1String("/") || prefix.isEmpty() ? QString() : cleaned;
}

QString SystemRoot::hostPath(const QString& systemPath) const
{
    const QString cleaned = QDir::cleanPath(systemPath);
    return m_prefix.isEmpty() ? cleaned : QDir::cleanPath(m_prefix + QLatin1Char('/') + cleaned);
}

QString SystemRoot::systemPath(const QString& hostPath) const
{
    const QString cleaned = QDir::cleanPath(hostPath);
    if (m_prefix.isEmpty())
        return cleaned;
    if (cleaned == m_prefix)
        return QStringLiteral("/");
    if (cleaned.startsWith(m_prefix + QLatin1Char('/')))
        return cleaned.mid(m_prefix.size());
    return cleaned;
}
