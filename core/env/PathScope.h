#pragma once

#include <QString>
#include <optional>

/** Which search path an install fixes ; None leaves it alone but still reports what wins. */
enum class PathScope {
    User,
    Machine,
    None,
};

QString pathScopeName(PathScope scope);
std::optional<PathScope> pathScopeFromName(const QString& name);
