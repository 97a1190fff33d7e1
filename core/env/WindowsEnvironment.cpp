#include "WindowsEnvironment.h"

static const QString PathName = QStringLiteral("Path");
static constexpr int MaxExpansionDepth = 8; // %A% -> %B% -> ...; a loop stops here, unexpanded

static QString replacedKey(EnvironmentScope scope, const QString& name)
{
    return scopeName(scope) + QLatin1Char('/') + name.toCaseFolded();
}

WindowsEnvironment::WindowsEnvironment(const EnvironmentStore& store, PathList::VariableLookup processLookup)
    : m_store(store)
    , m_process(std::move(processLookup))
{
}

StoredValue WindowsEnvironment::value(EnvironmentScope scope, const QString& name) const
{
    const QString key = replacedKey(scope, name);
    return m_replaced.contains(key) ? m_replaced.value(key) : m_store.read(scope, name);
}

void WindowsEnvironment::replace(EnvironmentScope scope, const QString& name, const StoredValue& value)
{
    m_replaced.insert(replacedKey(scope, name), value);
}

QStringList WindowsEnvironment::pathEntries(EnvironmentScope scope) const
{
    return PathList::splitVerbatim(OsFlavor::Windows, value(scope, PathName).data);
}

QString WindowsEnvironment::resolve(EnvironmentScope scope, const QString& name, int depth) const
{
    QList<EnvironmentScope> scopes{EnvironmentScope::Machine};
    if (scope == EnvironmentScope::User)
        scopes.prepend(EnvironmentScope::User);
    for (EnvironmentScope s : scopes) {
        const StoredValue stored = value(s, name);
        if (!stored.exists() || !stored.isReadable())
            continue;
        if (stored.type != StoredValue::Type::ExpandString || depth >= MaxExpansionDepth)
            return stored.data;
        return PathList::expand(OsFlavor::Windows, stored.data, [this, s, depth](const QString& inner) {
            return resolve(s, inner, depth + 1);
        });
    }
    return m_process ? m_process(name) : QString();
}

PathList::VariableLookup WindowsEnvironment::lookup(EnvironmentScope scope) const
{
    return [this, scope](const QString& name) { return resolve(scope, name, 1); };
}

QString WindowsEnvironment::effective(const QString& name) const
{
    if (name.compare(PathName, Qt::CaseInsensitive) != 0)
        return resolve(EnvironmentScope::User, name, 0);
    const QString machine = PathList::expand(
        OsFlavor::Windows, value(EnvironmentScope::Machine, PathName).data, lookup(EnvironmentScope::Machine));
    const QString user = PathList::expand(
        OsFlavor::Windows, value(EnvironmentScope::User, PathName).data, lookup(EnvironmentScope::User));
    if (machine.isEmpty() || user.isEmpty())
        return machine + user;
    return machine + QLatin1Char(';') + user;
}
