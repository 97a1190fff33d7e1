#include "Report.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

Report::Report(const QString& command)
    : m_command(command)
{
}

void Report::setStatus(const QString& status)
{
    m_status = status;
}

void Report::setSection(const QString& key, const QJsonValue& value)
{
    m_sections.insert(key, value);
}

QJsonValue Report::section(const QString& key) const
{
    return m_sections.value(key);
}

void Report::addDiagnostic(const Diagnostic& diagnostic)
{
    m_diagnostics.append(diagnostic);
}

void Report::addDiagnostics(const Diagnostics& diagnostics)
{
    m_diagnostics.append(diagnostics);
}

QJsonObject Report::toJson() const
{
    QJsonObject json = m_sections;
    json.insert(QStringLiteral("schema"), SchemaVersion);
    json.insert(QStringLiteral("tool"),
                QJsonObject{{QStringLiteral("name"), QStringLiteral("cudnn-setup")},
                            {QStringLiteral("version"), QStringLiteral(CUDNN_SETUP_VERSION)}});
    json.insert(QStringLiteral("command"), m_command);
    if (!m_status.isEmpty())
        json.insert(QStringLiteral("status"), m_status);
    json.insert(QStringLiteral("diagnostics"), diagnosticsToJson(m_diagnostics));
    return json;
}

QByteArray Report::toJsonBytes() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
}

bool Report::writeTo(const QString& path, QString* error) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(toJsonBytes()) < 0 || !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

QString Report::whyUnwritable(const QString& path)
{
    const QFileInfo file(path);
    const QFileInfo folder(file.absolutePath());
    if (file.isDir())
        return QCoreApplication::translate("Report", "it is a folder");
    if (!folder.isDir())
        return QCoreApplication::translate("Report", "the folder %1 does not exist").arg(folder.filePath());
    if (file.exists() && !file.isWritable())
        return QCoreApplication::translate("Report", "the file is read-only");
    if (!folder.isWritable())
        return QCoreApplication::translate("Report", "the folder %1 may not be written").arg(folder.filePath());
    return {};
}
