#pragma once

#include <QJsonObject>
#include <QString>

/**
 * Reads one of the versioned knowledge files in resources/compat (built into the binary under ":/compat").
 * A missing or malformed file is a packaging bug, so it is reported loudly rather than silently treated as empty.
 */
namespace CompatResource {
QJsonObject load(const QString& fileName, QString* error = nullptr);
}
