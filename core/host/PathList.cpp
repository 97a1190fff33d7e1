#include "PathList.h"

#include <QRegularExpression>
#include <QSet>
#include <algorithm>

namespace PathList {

QStringList split(OsFlavor os, const QString& value)
{
    QStringList entries;
    for (QString entry : value.split(pathListSeparator(os))) {
        if (os == OsFlavor::Windows) {
            entry = entry.trimmed();
            if (entry.size() >= 2 && entry.startsWith(QLatin1Char('"')) && entry.endsWith(QLatin1Char('"')))
                entry = entry.mid(1, entry.size() - 2);
        }
        if (!entry.isEmpty())
            entries.append(entry);
    }
    return entries;
}

QString join(OsFlavor os, const QStringList& entries)
{
    return entries.join(pathListSeparator(os));
}

QString expand(OsFlavor os, const QString& entry, const VariableLookup& lookup)
{
    static const QRegularExpression windowsVariable(QStringLiteral("%([^%;]+)%"));
    static const QRegularExpression posixVariable(
        QStringLiteral("\\$(?:\\{([A-Za-z_][A-Za-z0-9_]*)\\}|([A-Za-z_][A-Za-z0-9_]*))"));

    QString result;
    int last = 0;
    const QRegularExpression& pattern = os == OsFlavor::Windows ? windowsVariable : posixVariable;
    auto it = pattern.globalMatch(entry);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        const QString name = match.captured(1).isEmpty() ? match.captured(2) : match.captured(1);
        const QString value = lookup ? lookup(name) : QString();
        result += entry.mid(last, match.capturedStart() - last);
        result += value.isNull() ? match.captured(0) : value;
        last = match.capturedEnd();
    }
    result += entry.mid(last);
    return result;
}

int indexOf(OsFlavor os, const QStringList& entries, const QString& directory, const VariableLookup& lookup)
{
    for (int i = 0; i < entries.size(); ++i) {
        if (samePath(os, expand(os, entries.at(i), lookup), directory))
            return i;
    }
    return -1;
}

QStringList splitVerbatim(OsFlavor os, const QString& value)
{
    QStringList entries;
    for (const QString& entry : value.split(pathListSeparator(os))) {
        if (!entry.trimmed().isEmpty())
            entries.append(entry);
    }
    return entries;
}

QString entryKey(OsFlavor os, const QString& entry)
{
    const QStringList unquoted = split(os, entry.trimmed());
    const QString key = normalizedPath(os, unquoted.isEmpty() ? QString() : unquoted.constFirst());
    return os == OsFlavor::Windows ? key.toCaseFolded() : key;
}

QStringList withoutDuplicates(OsFlavor os, const QStringList& entries)
{
    QStringList kept;
    QSet<QString> seen;
    for (const QString& entry : entries) {
        const QString key = entryKey(os, entry);
        if (seen.contains(key))
            continue;
        seen.insert(key);
        kept.append(entry);
    }
    return kept;
}

QStringList
without(OsFlavor os, const QStringList& entries, const QStringList& directories, const VariableLookup& lookup)
{
    QStringList kept;
    for (const QString& entry : entries) {
        const QString expanded = expand(os, split(os, entry.trimmed()).value(0), lookup);
        const bool named = std::any_of(directories.cbegin(), directories.cend(), [&](const QString& directory) {
            return samePath(os, expanded, directory);
        });
        if (!named)
            kept.append(entry);
    }
    return kept;
}

QStringList
withFirst(OsFlavor os, const QStringList& entries, const QStringList& directories, const VariableLookup& lookup)
{
    QStringList result;
    for (const QString& directory : directories) {
        // An entry that already names the folder literally keeps its spelling; one through a variable does not,
        // because the variable may name another folder tomorrow.
        const auto literal = std::find_if(entries.cbegin(), entries.cend(), [&](const QString& entry) {
            const QString unquoted = split(os, entry.trimmed()).value(0);
            return expand(os, unquoted, {}) == unquoted && samePath(os, unquoted, directory);
        });
        result.append(literal != entries.cend() ? *literal : displayPath(os, directory));
    }
    result.append(without(os, entries, directories, lookup));
    return withoutDuplicates(os, result);
}

LengthVerdict lengthVerdict(const QString& value)
{
    if (value.size() > VariableLengthLimit)
        return LengthVerdict::TooLong;
    if (value.size() > CmdPathLengthLimit)
        return LengthVerdict::TooLongForCmd;
    return LengthVerdict::Fits;
}

} // namespace PathList
