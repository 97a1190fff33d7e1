#include "PathScope.h"

QString pathScopeName(PathScope scope)
{
    switch (scope) {
    case PathScope::User:
        return QStringLiteral("user");
    case PathScope::Machine:
        return QStringLiteral("machine");
    case PathScope::None:
        break;
    }
    return QStringLiteral("none");
}

std::optional<PathScope> pathScopeFromName(const QString& name)
{
    for (PathScope scope : {PathScope::User, PathScope::Machine, PathScope::None}) {
        if (pathScopeName(scope) == name)
            return scope;
    }
    return std::nullopt;
}
