#pragma once

#include "Diagnostic.h"

#include <QJsonObject>
#include <QString>

/**
 * The machine-readable result of one run: a status word, named sections filled by the engine (toolkit, package,
 * files, ...) and every diagnostic. Keys are a contract documented in docs/report.md.
 */
class Report
{
public:
    static constexpr int SchemaVersion = 2;

    explicit Report(const QString& command);

    void setStatus(const QString& status);
    QString status() const { return m_status; }

    void setSection(const QString& key, const QJsonValue& value);
    QJsonValue section(const QString& key) const;

    void addDiagnostic(const Diagnostic& diagnostic);
    void addDiagnostics(const Diagnostics& diagnostics);
    const Diagnostics& diagnostics() const { return m_diagnostics; }

    QJsonObject toJson() const;
    QByteArray toJsonBytes() const;
    /** Writes atomically (a half-written report is never left behind). */
    bool writeTo(const QString& path, QString* error) const;
    /**
     * Why a file (a report, a progress file) could not be written at path, known before anything runs: a folder, a
     * missing or read-only folder, a read-only file. Empty when nothing stands in the way.
     */
    static QString whyUnwritable(const QString& path);

private:
    QString m_command;
    QString m_status;
    QJsonObject m_sections;
    Diagnostics m_diagnostics;
};
