#include "RegistryEnvironmentStore.h"

#include "env/WindowsRegistry.h"

namespace registry = cudnnsetup::registry;

static registry::Key keyOf(EnvironmentScope scope)
{
    return scope == EnvironmentScope::Machine ? registry::machineEnvironmentKey() : registry::userEnvironmentKey();
}

StoredValue RegistryEnvironmentStore::read(EnvironmentScope scope, const QString& name) const
{
    registry::Result result;
    const registry::Value value = registry::readValue(keyOf(scope), name.toStdWString(), &result);
    if (!result.ok)
        return StoredValue::unreadable(QString::fromStdString(result.message));
    switch (value.type) {
    case registry::ValueType::String:
        return StoredValue::string(QString::fromStdWString(value.data));
    case registry::ValueType::ExpandString:
        return StoredValue::expandString(QString::fromStdWString(value.data));
    case registry::ValueType::Other:
        return StoredValue::unreadable(QStringLiteral("%1 is neither REG_SZ nor REG_EXPAND_SZ").arg(name));
    case registry::ValueType::Absent:
        break;
    }
    return StoredValue::absent();
}

bool RegistryEnvironmentStore::write(EnvironmentScope scope,
                                     const QString& name,
                                     const StoredValue& value,
                                     QString* error)
{
    if (!value.isReadable()) {
        if (error)
            *error = QStringLiteral("refusing to write an unreadable value");
        return false;
    }
    registry::Value raw;
    raw.data = value.data.toStdWString();
    raw.type = value.type == StoredValue::Type::ExpandString ? registry::ValueType::ExpandString
        : value.type == StoredValue::Type::String            ? registry::ValueType::String
                                                             : registry::ValueType::Absent;
    const registry::Result result = registry::writeValue(keyOf(scope), name.toStdWString(), raw);
    if (!result.ok && error)
        *error = QString::fromStdString(result.message);
    return result.ok;
}

bool RegistryEnvironmentStore::broadcastChange(QString* error)
{
    const registry::Result result = registry::broadcastEnvironmentChange();
    if (!result.ok && error)
        *error = QString::fromStdString(result.message);
    return result.ok;
}

QStringList RegistryEnvironmentStore::knownDlls()
{
    registry::Result result;
    QStringList names;
    for (const std::wstring& name : registry::stringValues(registry::knownDllsKey(), &result))
        names.append(QString::fromStdWString(name));
    return names;
}
