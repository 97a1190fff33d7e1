#pragma once

#include <QString>
#include <QStringView>

/**
 * Text measured the way a terminal lays it out: East Asian Wide and Fullwidth characters (汉字, kana, Hangul,
 * fullwidth forms, wide emoji) take two columns, combining marks and format characters none, the rest one.
 */
namespace DisplayWidth {
/** The columns of one Unicode code point: 0, 1 or 2. */
int ofCodePoint(char32_t codePoint);
/** The columns of @p text. */
int of(QStringView text);
/** @p text, or its start and end around "..." so that it takes at most @p columns (never splits a character). */
QString elidedMiddle(const QString& text, int columns);
/** @p text cut at the end to at most @p columns, never in the middle of a wide character. */
QString truncated(const QString& text, int columns);
/** @p text followed by spaces up to @p columns (none when it is already that wide). */
QString padded(const QString& text, int columns);
} // namespace DisplayWidth
