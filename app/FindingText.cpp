#include "FindingText.h"

QString FindingText::subjects(const Diagnostic& diagnostic, int indent)
{
    if (diagnostic.subjects.isEmpty())
        return {};
    return QString(indent, QLatin1Char(' '))
        + tr("affects %n: %1", nullptr, int(diagnostic.subjects.size()))
              .arg(diagnostic.subjects.join(QStringLiteral(", ")))
        + QLatin1Char('\n');
}
