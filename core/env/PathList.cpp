#include "PathList.h"

#include <QRegularExpression>

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
        const QString value = lookup(name);
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

} // namespace PathList
