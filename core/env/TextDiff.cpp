#include "TextDiff.h"

#include <QVector>

namespace TextDiff {

namespace {

struct Edit
{
    char kind; // ' ', '-', '+'
    QString line;
};

QList<Edit> edits(const QStringList& a, const QStringList& b)
{
    const qsizetype n = a.size();
    const qsizetype m = b.size();
    // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
    QVector<QVector<int>> lcs(n + 1, QVector<int>(m + 1, 0));
    for (qsizetype i = n - 1; i >= 0; --i) {
        for (qsizetype j = m - 1; j >= 0; --j)
            lcs[i][j] = a.at(i) == b.at(j) ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
    QList<Edit> result;
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && a.at(i) == b.at(j)) {
            result.append({' ', a.at(i++)});
            ++j;
        } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
            result.append({'-', a.at(i++)}); // removals before additions, as diff(1) prints them
        } else {
            result.append({'+', b.at(j++)});
        }
    }
    return result;
}

} // namespace

QStringList lines(const QString& text)
{
    QStringList result = text.split(QLatin1Char('\n'));
    if (!result.isEmpty() && result.constLast().isEmpty())
        result.removeLast();
    return result;
}

QString unified(const QString& beforeLabel,
                const QStringList& before,
                const QString& afterLabel,
                const QStringList& after,
                int context)
{
    if (before == after && beforeLabel == afterLabel)
        return {};
    const QList<Edit> all = edits(before, after);
    QString out = QStringLiteral("--- %1\n+++ %2\n").arg(beforeLabel, afterLabel);

    qsizetype index = 0;
    while (index < all.size()) {
        // Find the next change, then grow the hunk while changes are within 2 * context of each other.
        while (index < all.size() && all.at(index).kind == ' ')
            ++index;
        if (index == all.size())
            break;
        const qsizetype start = std::max<qsizetype>(0, index - context);
        qsizetype end = index;
        qsizetype quiet = 0;
        while (end < all.size() && quiet <= 2 * context) {
            quiet = all.at(end).kind == ' ' ? quiet + 1 : 0;
            ++end;
        }
        end = std::min(all.size(), end - quiet + std::min<qsizetype>(quiet, context));

        int beforeStart = 1;
        int afterStart = 1;
        for (qsizetype k = 0; k < start; ++k) {
            beforeStart += all.at(k).kind != '+';
            afterStart += all.at(k).kind != '-';
        }
        int beforeCount = 0;
        int afterCount = 0;
        QString body;
        for (qsizetype k = start; k < end; ++k) {
            beforeCount += all.at(k).kind != '+';
            afterCount += all.at(k).kind != '-';
            body += QLatin1Char(all.at(k).kind) + all.at(k).line + QLatin1Char('\n');
        }
        out += QStringLiteral("@@ -%1,%2 +%3,%4 @@\n")
                   .arg(beforeCount ? beforeStart : beforeStart - 1)
                   .arg(beforeCount)
                   .arg(afterCount ? afterStart : afterStart - 1)
                   .arg(afterCount);
        out += body;
        index = end;
    }
    return out;
}

} // namespace TextDiff
