#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

/** How bad a finding is. Ordered: a larger value is worse. */
enum class Severity {
    Info,
    Warning,
    Error,
};

QString severityName(Severity severity);

/**
 * One finding the engine reports: a stable code for scripts, a severity, a sentence a person understands and a
 * fix a person can act on. Messages are translated when created; the code never is.
 */
struct Diagnostic
{
    QString code;
    Severity severity = Severity::Info;
    QString message;
    QString fix;
    /** What the finding is about (a path, a toolkit root, an archive entry); may be empty. */
    QString subject;

    static Diagnostic info(const QString& code, const QString& message, const QString& fix = {});
    static Diagnostic warning(const QString& code, const QString& message, const QString& fix = {});
    static Diagnostic error(const QString& code, const QString& message, const QString& fix = {});
    Diagnostic& about(const QString& what);

    QJsonObject toJson() const;
    static Diagnostic fromJson(const QJsonObject& json);
    bool operator==(const Diagnostic& other) const;
};

using Diagnostics = QList<Diagnostic>;

/** The worst severity in the list, or Info for an empty list. */
Severity worstSeverity(const Diagnostics& diagnostics);
bool containsCode(const Diagnostics& diagnostics, const QString& code);
QJsonArray diagnosticsToJson(const Diagnostics& diagnostics);
