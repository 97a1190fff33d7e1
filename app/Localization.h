#pragma once

#include <QString>
#include <QStringList>

/**
 * Installs the interface language, for the wizard and the command line alike: --lang wins, else the system locale;
 * English and Simplified Chinese ship, any other language gets English. Engine messages (diagnostics) are
 * translated too, because they are created after this runs.
 */
namespace Localization {
/** Returns the language in use ("en" or "zh_CN"). Call after the application object exists. */
QString install(const QString& requested);
/**
 * The language shipped for @p requested ("en", "zh_CN"; anything else counts as not asked) or else for the
 * first of the system's @p uiLanguages that is English or Simplified Chinese; "en" when none is.
 */
QString languageFor(const QString& requested, const QStringList& uiLanguages);
} // namespace Localization
