#include "ElevationSession.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRandomGenerator>

ElevationSession::ElevationSession()
    : m_dir(QDir::tempPath() + QStringLiteral("/cudnn-setup-elevation-XXXXXX"))
{
}

bool ElevationSession::open(QString* error)
{
    if (!m_dir.isValid()) {
        *error = m_dir.errorString();
        return false;
    }
    // The folder is made 0700 by mkdtemp; say so again in case that ever changes, before anything goes in it.
    if (!QFile::setPermissions(m_dir.path(),
                               QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner)) {
        *error = QStringLiteral("cannot make %1 private").arg(m_dir.path());
        return false;
    }
    const QString folder = QFileInfo(m_dir.path()).canonicalFilePath(); // the copy insists on canonical paths
    m_reportFile = folder + QStringLiteral("/report.json");
    m_progressFile = folder + QStringLiteral("/progress.jsonl");
    m_logFile = folder + QStringLiteral("/install.log");
    quint32 words[4];
    QRandomGenerator::system()->fillRange(words);
    m_token = QByteArray(reinterpret_cast<const char*>(words), sizeof words).toHex();
    return true;
}

ElevationSession::ReportState ElevationSession::readReport(QJsonObject& report) const
{
    QFile file(m_reportFile);
    if (!file.open(QIODevice::ReadOnly))
        return ReportState::Missing;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll());
    if (!document.isObject())
        return ReportState::Missing;
    const QString token = document.object().value(reportSection()).toObject().value(QStringLiteral("token")).toString();
    if (token.isEmpty() || token != m_token)
        return ReportState::WrongToken;
    report = document.object();
    return ReportState::Valid;
}

QStringList ElevationSession::logLines() const
{
    QFile file(m_logFile);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    return QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}
