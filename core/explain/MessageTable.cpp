#include "MessageTable.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

const MessageTable& MessageTable::builtIn()
{
    static const MessageTable table = [] {
        QFile file(QStringLiteral(":/explain/messages.json"));
        QString error;
        MessageTable read;
        if (!file.open(QIODevice::ReadOnly))
            error = QStringLiteral("the message table is missing from the build");
        else
            read = fromJson(QJsonDocument::fromJson(file.readAll()).object(), &error);
        if (!error.isEmpty())
            qFatal("%s", qPrintable(error)); // a build without its table is broken, whatever it is asked
        return read;
    }();
    return table;
}

static QMap<QString, QString> stringMap(const QJsonObject& object)
{
    QMap<QString, QString> map;
    for (auto it = object.begin(); it != object.end(); ++it)
        map.insert(it.key(), it.value().toString());
    return map;
}

MessageTable MessageTable::fromJson(const QJsonObject& json, QString* error)
{
    const auto fail = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("message table: %1").arg(why);
        return MessageTable();
    };
    if (json.value(QStringLiteral("schema")).toInt() != 1)
        return fail(QStringLiteral("schema 1 expected"));
    MessageTable table;
    const QJsonObject programs = json.value(QStringLiteral("programs")).toObject();
    for (auto it = programs.begin(); it != programs.end(); ++it) {
        ProgramEntry program;
        program.name = it.key();
        const QJsonObject entry = it.value().toObject();
        for (const QJsonValue& package : entry.value(QStringLiteral("packages")).toArray())
            program.packages.append(package.toString());
        for (const QJsonValue& hint : entry.value(QStringLiteral("hints")).toArray()) {
            const QRegularExpression pattern(hint.toString());
            if (!pattern.isValid())
                return fail(QStringLiteral("program %1: hint %2: %3")
                                .arg(program.name, hint.toString(), pattern.errorString()));
            program.hints.append(pattern);
        }
        table.m_programs.append(program);
    }
    const QJsonObject sources = json.value(QStringLiteral("sources")).toObject();
    QSet<QString> ids;
    for (const QJsonValue& value : json.value(QStringLiteral("messages")).toArray()) {
        const QJsonObject row = value.toObject();
        MessageEntry entry;
        entry.id = row.value(QStringLiteral("id")).toString();
        if (entry.id.isEmpty() || ids.contains(entry.id))
            return fail(QStringLiteral("an entry without an id, or twice: \"%1\"").arg(entry.id));
        ids.insert(entry.id);
        entry.program = row.value(QStringLiteral("program")).toString();
        if (!table.program(entry.program))
            return fail(QStringLiteral("%1: program \"%2\" is not among the programs").arg(entry.id, entry.program));
        const std::optional<Symptom> symptom = symptomNamed(row.value(QStringLiteral("symptom")).toString());
        if (!symptom)
            return fail(QStringLiteral("%1: no such symptom \"%2\"")
                            .arg(entry.id, row.value(QStringLiteral("symptom")).toString()));
        entry.symptom = *symptom;
        entry.pattern
            = QRegularExpression(row.value(QStringLiteral("pattern")).toString(), QRegularExpression::MultilineOption);
        if (!entry.pattern.isValid() || entry.pattern.pattern().isEmpty())
            return fail(QStringLiteral("%1: pattern: %2").arg(entry.id, entry.pattern.errorString()));
        entry.facts = stringMap(row.value(QStringLiteral("facts")).toObject());
        entry.source = row.value(QStringLiteral("source")).toString();
        entry.sourceUrl = sources.value(entry.source).toObject().value(QStringLiteral("url")).toString();
        if (entry.sourceUrl.isEmpty())
            return fail(QStringLiteral("%1: source \"%2\" is not among the sources").arg(entry.id, entry.source));
        const QJsonObject apart = row.value(QStringLiteral("tells_apart")).toObject();
        entry.tellsApartEnglish = apart.value(QStringLiteral("en")).toString();
        entry.tellsApartChinese = apart.value(QStringLiteral("zh_CN")).toString();
        if (entry.symptom == Symptom::NotASetupProblem
            && (entry.tellsApartEnglish.isEmpty() || entry.tellsApartChinese.isEmpty()))
            return fail(
                QStringLiteral("%1: a message that is not a setup problem says what tells it apart").arg(entry.id));
        table.m_messages.append(entry);
    }
    if (table.m_messages.isEmpty())
        return fail(QStringLiteral("no messages"));
    return table;
}

const ProgramEntry* MessageTable::program(const QString& name) const
{
    for (const ProgramEntry& program : m_programs) {
        if (program.name == name)
            return &program;
    }
    return nullptr;
}
