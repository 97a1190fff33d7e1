#pragma once

#include "common/OsFlavor.h"

#include <QHash>
#include <QStringList>
#include <functional>

/**
 * A PATH-like list under one OS's rules. Entries are kept verbatim (a "%CUDA_PATH%\bin" stays unexpanded) so a
 * list can be written back without losing anything; expansion is only for looking things up.
 */
namespace PathList {

/** Splits on ":" or ";". Windows: surrounding double quotes are removed; empty entries are dropped on both. */
QStringList split(OsFlavor os, const QString& value);
QString join(OsFlavor os, const QStringList& entries);

using VariableLookup = std::function<QString(const QString& name)>;
/**
 * Expands %VAR% (Windows; names case-insensitive) or $VAR / ${VAR} (Linux). Unknown variables stay as written; an
 * empty lookup knows none.
 */
QString expand(OsFlavor os, const QString& entry, const VariableLookup& lookup);

/** Index of the first entry that names the same directory, comparing expanded, normalised paths. -1 if none. */
int indexOf(OsFlavor os, const QStringList& entries, const QString& directory, const VariableLookup& lookup);

/** Like split(), but each entry stays exactly as written (quotes, spaces); only blank entries are dropped. */
QStringList splitVerbatim(OsFlavor os, const QString& value);
/**
 * What makes two written entries the same one: surrounding quotes and spaces, separator style, a trailing separator
 * and (Windows) case do not count. Variables stay unexpanded: "%CUDA_PATH%\bin" is its own entry.
 */
QString entryKey(OsFlavor os, const QString& entry);
/** Later duplicates (same entryKey()) removed; each first occurrence keeps its place and spelling. */
QStringList withoutDuplicates(OsFlavor os, const QStringList& entries);
/**
 * directories first, in their order, then every other entry that names none of them (expanded comparison), without
 * duplicates. Entries are kept verbatim; directories are written as the OS displays them.
 */
QStringList
withFirst(OsFlavor os, const QStringList& entries, const QStringList& directories, const VariableLookup& lookup);
/** entries without those that name one of directories (expanded comparison); the rest verbatim and in order. */
QStringList
without(OsFlavor os, const QStringList& entries, const QStringList& directories, const VariableLookup& lookup);

/** The longest value one environment variable may hold (SetEnvironmentVariableW). */
constexpr int VariableLengthLimit = 32767;
/** cmd.exe drops (does not truncate) an inherited PATH longer than this, and every PATH lookup in it fails. */
constexpr int CmdPathLengthLimit = 8191;

enum class LengthVerdict {
    Fits,
    TooLongForCmd,
    TooLong,
};
LengthVerdict lengthVerdict(const QString& value);

} // namespace PathList
