#pragma once

#include <QString>

/**
 * Installs the interface language: --lang wins, else the system locale; English and Simplified Chinese ship.
 * Engine messages (diagnostics) are translated too, because they are created after this runs.
 */
namespace Localization {
/** Returns the language in use ("en" or "zh_CN"). Call after the application object exists. */
QString install(const QString& requested);
} // namespace Localization
