#pragma once

#include "explain/Explanation.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

/** One message a program prints, as the table (resources/explain/messages.json) describes it. */
struct MessageEntry
{
    QString id;
    QString program;
    Symptom symptom = Symptom::LibraryNotLoaded;
    QRegularExpression pattern;
    QMap<QString, QString> facts; // implied by the message itself
    QString source; // the source's key; sourceUrl is where the text comes from
    QString sourceUrl;
    QString tellsApartEnglish; // not-a-setup-problem: what would tell it apart from one
    QString tellsApartChinese;
};

/** A program the table knows: the Python distributions it comes as, and text that says it ran (a path in a traceback).
 */
struct ProgramEntry
{
    QString name; // "pytorch"
    QStringList packages; // the frameworks table's names: "torch"; empty for a program that is no framework
    QList<QRegularExpression> hints;
};

/**
 * The messages --explain recognises, read from the table built into the program. Recognising is data: every entry
 * names the source file its text comes from, and nothing here decides a cause (core/explain/CauseFinder does).
 */
class MessageTable
{
public:
    static const MessageTable& builtIn();
    /** A table from its JSON; error set (and the table empty) when an entry is malformed or a pattern does not compile.
     */
    static MessageTable fromJson(const QJsonObject& json, QString* error);

    const QList<MessageEntry>& messages() const { return m_messages; }
    const QList<ProgramEntry>& programs() const { return m_programs; }
    const ProgramEntry* program(const QString& name) const;

private:
    QList<MessageEntry> m_messages;
    QList<ProgramEntry> m_programs;
};
