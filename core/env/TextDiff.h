#pragma once

#include <QString>
#include <QStringList>

/** The dry run's view of a change: a unified diff of lines (an LCS diff; the texts are profiles and PATH lists). */
namespace TextDiff {

/**
 * "--- <before label>" / "+++ <after label>" and hunks with `context` lines around each change; "/dev/null" stands
 * for a side that does not exist. Empty when the two sides are equal.
 */
QString unified(const QString& beforeLabel,
                const QStringList& before,
                const QString& afterLabel,
                const QStringList& after,
                int context = 3);

/** Lines of a text without the empty string after a final newline. */
QStringList lines(const QString& text);

} // namespace TextDiff
