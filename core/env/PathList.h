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
/** Expands %VAR% (Windows; names case-insensitive) or $VAR / ${VAR} (Linux). Unknown variables stay as written. */
QString expand(OsFlavor os, const QString& entry, const VariableLookup& lookup);

/** Index of the first entry that names the same directory, comparing expanded, normalised paths. -1 if none. */
int indexOf(OsFlavor os, const QStringList& entries, const QString& directory, const VariableLookup& lookup);

} // namespace PathList
