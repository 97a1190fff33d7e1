#include "PythonEnvironment.h"

#include <QRegularExpression>

QString PythonDistribution::normalizedName() const
{
    static const QRegularExpression separators(QStringLiteral("[-_.]+"));
    return name.toLower().replace(separators, QStringLiteral("-"));
}

const PythonDistribution* PythonEnvironment::distribution(const QString& name) const
{
    const QString wanted = PythonDistribution{name, {}, {}, {}}.normalizedName();
    const PythonDistribution* found = nullptr;
    for (const PythonDistribution& d : distributions) {
        if (d.normalizedName() != wanted)
            continue;
        if (d.installer == PythonDistribution::Installer::Pip)
            return &d;
        if (!found)
            found = &d;
    }
    return found;
}

QList<PythonDistribution> PythonEnvironment::distributionsStartingWith(const QString& prefix) const
{
    QList<PythonDistribution> found;
    for (const PythonDistribution& d : distributions) {
        if (d.normalizedName().startsWith(prefix))
            found.append(d);
    }
    return found;
}

QString PythonEnvironment::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Venv:
        return QStringLiteral("venv");
    case Kind::Conda:
        return QStringLiteral("conda");
    case Kind::System:
        return QStringLiteral("system");
    case Kind::Embedded:
        return QStringLiteral("embedded");
    }
    return QStringLiteral("system");
}
