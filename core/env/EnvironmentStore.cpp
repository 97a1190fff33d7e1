#include "EnvironmentStore.h"

QString scopeName(EnvironmentScope scope)
{
    return scope == EnvironmentScope::Machine ? QStringLiteral("machine") : QStringLiteral("user");
}

std::optional<EnvironmentScope> scopeFromName(const QString& name)
{
    if (name == QLatin1String("user"))
        return EnvironmentScope::User;
    if (name == QLatin1String("machine"))
        return EnvironmentScope::Machine;
    return std::nullopt;
}

QString StoredValue::typeName() const
{
    switch (type) {
    case Type::String:
        return QStringLiteral("REG_SZ");
    case Type::ExpandString:
        return QStringLiteral("REG_EXPAND_SZ");
    case Type::Unreadable:
        return QStringLiteral("unreadable");
    case Type::Absent:
        break;
    }
    return QStringLiteral("absent");
}

StoredValue::Type StoredValue::typeFromName(const QString& name)
{
    if (name == QLatin1String("REG_SZ"))
        return Type::String;
    if (name == QLatin1String("REG_EXPAND_SZ"))
        return Type::ExpandString;
    if (name == QLatin1String("unreadable"))
        return Type::Unreadable;
    return Type::Absent;
}

QString EnvironmentStore::keyName(EnvironmentScope scope)
{
    return scope == EnvironmentScope::Machine
        ? QStringLiteral("HKLM\\SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment")
        : QStringLiteral("HKCU\\Environment");
}

QString MemoryEnvironmentStore::key(EnvironmentScope scope, const QString& name)
{
    return scopeName(scope) + QLatin1Char('/') + name.toCaseFolded();
}

StoredValue MemoryEnvironmentStore::read(EnvironmentScope scope, const QString& name) const
{
    return m_values.value(key(scope, name)).second;
}

bool MemoryEnvironmentStore::write(EnvironmentScope scope, const QString& name, const StoredValue& value, QString*)
{
    const QString k = key(scope, name);
    if (!value.exists()) {
        m_values.remove(k);
        return true;
    }
    const QString spelled = m_values.contains(k) ? m_values.value(k).first : name;
    m_values.insert(k, {spelled, value});
    return true;
}

bool MemoryEnvironmentStore::broadcastChange(QString*)
{
    ++m_broadcasts;
    return true;
}

QMap<QString, StoredValue> MemoryEnvironmentStore::values() const
{
    QMap<QString, StoredValue> all;
    for (auto it = m_values.cbegin(); it != m_values.cend(); ++it) {
        const EnvironmentScope scope
            = it.key().startsWith(QLatin1String("machine/")) ? EnvironmentScope::Machine : EnvironmentScope::User;
        all.insert(keyName(scope) + QLatin1Char('\\') + it.value().first, it.value().second);
    }
    return all;
}
