#include "MessageReader.h"

#include "common/Version.h"
#include "explain/MessageTable.h"
#include "report/DiagnosisRegistry.h"

#include <QSet>
#include <algorithm>

namespace MessageReader {

QString decodePackedCudnnVersion(const QString& packed)
{
    bool ok = false;
    const int value = packed.toInt(&ok);
    return ok && value > 0 ? Version::fromCudnnCode(value).toString() : QString();
}

namespace {

QMap<QString, QString> factsOf(const MessageEntry& entry, const QRegularExpressionMatch& match)
{
    QMap<QString, QString> facts = entry.facts;
    QMap<QString, QStringList> parts; // "compiled" -> {major, minor, patch}
    for (const QString& name : entry.pattern.namedCaptureGroups()) {
        if (name.isEmpty())
            continue;
        const QString value = match.captured(name).trimmed();
        if (value.isEmpty())
            continue;
        for (const QString& suffix : {QStringLiteral("_major"), QStringLiteral("_minor"), QStringLiteral("_patch")}) {
            if (name.endsWith(suffix)) {
                QStringList& version = parts[name.chopped(suffix.size())];
                version.resize(3);
                version[suffix == QLatin1String("_major") ? 0 : suffix == QLatin1String("_minor") ? 1 : 2] = value;
            }
        }
        if (name.endsWith(QLatin1String("_packed"))) {
            const QString decoded = decodePackedCudnnVersion(value);
            if (!decoded.isEmpty())
                facts.insert(name.chopped(7) + QStringLiteral("_version"), decoded);
            continue;
        }
        if (!name.endsWith(QLatin1String("_major")) && !name.endsWith(QLatin1String("_minor"))
            && !name.endsWith(QLatin1String("_patch")))
            facts.insert(name, value);
    }
    for (auto it = parts.cbegin(); it != parts.cend(); ++it) {
        QStringList version = it.value();
        while (!version.isEmpty() && version.constLast().isEmpty())
            version.removeLast();
        if (version.size() == 1) // a major alone is no version: "cuDNN 8" keeps its name, cudnn_major
            facts.insert(it.key() + QStringLiteral("_major"), version.constFirst());
        else if (!version.isEmpty() && !version.contains(QString()))
            facts.insert(it.key() + QStringLiteral("_version"), version.join(QLatin1Char('.')));
    }
    return facts;
}

/** The whole lines the match touches, trimmed: what a person recognises as the message. */
QString linesAround(const QString& text, qsizetype start, qsizetype end)
{
    const qsizetype from = text.lastIndexOf(QLatin1Char('\n'), start > 0 ? start - 1 : 0) + 1;
    qsizetype to = text.indexOf(QLatin1Char('\n'), std::max(end - 1, start));
    if (to < 0)
        to = text.size();
    return text.mid(from, to - from).trimmed();
}

} // namespace

QList<RecognisedMessage> recognise(const MessageTable& table, const QString& text)
{
    struct Found
    {
        qsizetype at;
        qsizetype end;
        qsizetype entry; // the table's order: the first of two entries matching the same text is the one it means
        RecognisedMessage message;
    };
    QList<Found> found;
    QSet<QString> seen;
    const bool chinese = DiagnosisRegistry::language() == QLatin1String("zh_CN");
    for (qsizetype index = 0; index < table.messages().size(); ++index) {
        const MessageEntry& entry = table.messages().at(index);
        auto matches = entry.pattern.globalMatch(text);
        while (matches.hasNext()) {
            const QRegularExpressionMatch match = matches.next();
            RecognisedMessage message;
            message.id = entry.id;
            message.program = entry.program;
            message.symptom = entry.symptom;
            message.facts = factsOf(entry, match);
            message.text = linesAround(text, match.capturedStart(), match.capturedEnd());
            message.tellsApart
                = chinese && !entry.tellsApartChinese.isEmpty() ? entry.tellsApartChinese : entry.tellsApartEnglish;
            QStringList key{entry.id};
            for (auto it = message.facts.cbegin(); it != message.facts.cend(); ++it)
                key << it.key() << it.value();
            if (seen.contains(key.join(QChar(0))))
                continue;
            seen.insert(key.join(QChar(0)));
            found.append({match.capturedStart(), match.capturedEnd(), index, message});
        }
    }
    // A message that quotes another program's words (cuDNN's "Could not load library X. Error: <dlerror's text>")
    // is one message: the words inside it are not a second one.
    const auto within = [](const Found& inner, const Found& outer) {
        if (inner.entry == outer.entry || inner.at < outer.at || inner.end > outer.end)
            return false;
        return inner.end - inner.at < outer.end - outer.at || outer.entry < inner.entry;
    };
    QList<Found> kept;
    for (const Found& f : std::as_const(found)) {
        if (std::none_of(found.cbegin(), found.cend(), [&](const Found& other) { return within(f, other); }))
            kept.append(f);
    }
    std::stable_sort(kept.begin(), kept.end(), [](const Found& a, const Found& b) { return a.at < b.at; });
    QList<RecognisedMessage> messages;
    for (const Found& f : std::as_const(kept))
        messages.append(f.message);
    return messages;
}

QStringList programsHinted(const MessageTable& table, const QString& text)
{
    QStringList programs;
    for (const ProgramEntry& program : table.programs()) {
        if (std::any_of(program.hints.cbegin(), program.hints.cend(), [&](const QRegularExpression& hint) {
                return hint.match(text).hasMatch();
            }))
            programs.append(program.name);
    }
    return programs;
}

} // namespace MessageReader
