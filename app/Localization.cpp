#include "Localization.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace Localization {

QString languageFor(const QString& requested, const QStringList& uiLanguages)
{
    if (requested == QLatin1String("en") || requested == QLatin1String("zh_CN"))
        return requested;
    for (const QString& name : uiLanguages) {
        if (name.startsWith(QLatin1String("zh"), Qt::CaseInsensitive)
            && !name.contains(QLatin1String("Hant"), Qt::CaseInsensitive)
            && !name.contains(QLatin1String("TW"), Qt::CaseInsensitive)
            && !name.contains(QLatin1String("HK"), Qt::CaseInsensitive)
            && !name.contains(QLatin1String("MO"), Qt::CaseInsensitive))
            return QStringLiteral("zh_CN");
        if (name.startsWith(QLatin1String("en"), Qt::CaseInsensitive))
            return QStringLiteral("en");
    }
    return QStringLiteral("en");
}

QString install(const QString& requested)
{
    // QLocale::system() reads LC_ALL, else LC_MESSAGES, else LANG (and GNU's LANGUAGE list) on Unix, the user's
    // display language on Windows.
    const QString language = languageFor(requested, QLocale::system().uiLanguages());
    // English too: its translation holds only the singular and plural forms of the %n strings.
    auto* ours = new QTranslator(QCoreApplication::instance());
    if (ours->load(QStringLiteral(":/i18n/cudnn-setup_%1.qm").arg(language)))
        QCoreApplication::installTranslator(ours);
    if (language == QLatin1String("en"))
        return language;

    // Qt's own strings (the wizard's Next/Back/Cancel buttons) come from Qt's translations when installed: Qt's
    // folder on Linux, translations\ beside the program on Windows.
    auto* qt = new QTranslator(QCoreApplication::instance());
    const QString qtTranslations = QStringLiteral("qtbase_%1").arg(language);
    if (qt->load(qtTranslations, QLibraryInfo::path(QLibraryInfo::TranslationsPath))
        || qt->load(qtTranslations, QCoreApplication::applicationDirPath() + QStringLiteral("/translations")))
        QCoreApplication::installTranslator(qt);
    QLocale::setDefault(QLocale(language));
    return language;
}

} // namespace Localization
