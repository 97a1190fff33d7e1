#pragma once

#include <QString>
#include <optional>

/** Whose environment: the signed-in user's (HKCU, ~) or every user's (HKLM, /etc; needs elevation). */
enum class EnvironmentScope {
    User,
    Machine,
};

QString scopeName(EnvironmentScope scope);

std::optional<EnvironmentScope> scopeFromName(const QString& name);
