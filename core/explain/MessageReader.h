#pragma once

#include "explain/Explanation.h"

#include <QList>
#include <QString>
#include <QStringList>

class MessageTable;

/**
 * Finds the table's messages in a text: every match of every entry, in the order they stand in the text, each with
 * the facts its pattern names (versions joined and decoded: `<x>_major`/`_minor`/`_patch` -> `<x>_version`, a packed
 * `<x>_packed` such as 8600 or 90100 -> "8.6.0", "9.1.0"). The same message with the same facts is kept once.
 */
namespace MessageReader {

QList<RecognisedMessage> recognise(const MessageTable& table, const QString& text);
/** The programs whose hints the text holds (a path into site-packages/torch, an import line), in the table's order. */
QStringList programsHinted(const MessageTable& table, const QString& text);
/** cuDNN's packed version: major*1000 + minor*100 + patch before 9, major*10000 + minor*100 + patch from 9 on. */
QString decodePackedCudnnVersion(const QString& packed);

} // namespace MessageReader
