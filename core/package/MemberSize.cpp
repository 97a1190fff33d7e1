#include "MemberSize.h"

#include <QLocale>
#include <QRegularExpression>

qint64 MemberSize::capFor(const QString& path)
{
    static const QRegularExpression library(QStringLiteral("\\.(so(\\.[0-9]+)*|a|dll|lib|dylib)$"),
                                            QRegularExpression::CaseInsensitiveOption);
    return library.match(path).hasMatch() ? LibraryCap : OtherCap;
}

QString MemberSize::problem(const QString& path, qint64 declared)
{
    const qint64 cap = capFor(path);
    if (declared >= 0 && declared <= cap)
        return {};
    const QLocale locale;
    return tr("%1 declares %2, more than any member of a cuDNN package holds (at most %3 for %4)")
        .arg(path,
             locale.formattedDataSize(declared),
             locale.formattedDataSize(cap),
             cap == LibraryCap ? tr("a library") : tr("a header or other file"));
}
