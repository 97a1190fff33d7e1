#pragma once

#include "env/EnvironmentStore.h"
#include "host/PathList.h"

#include <QMap>

/**
 * The persistent Windows environment as Explorer hands it to a new process: machine values, user values over them,
 * except Path, which is machine Path + ";" + user Path, so no user entry ever comes before a machine entry. Machine
 * values expand against machine values only (Explorer builds them first); user values against both. Names the
 * registry does not hold (SystemRoot, USERPROFILE) come from the process. A plan's "after" state is the same view
 * with some values replaced.
 */
class WindowsEnvironment
{
public:
    WindowsEnvironment(const EnvironmentStore& store, PathList::VariableLookup processLookup);

    StoredValue value(EnvironmentScope scope, const QString& name) const;
    void replace(EnvironmentScope scope, const QString& name, const StoredValue& value);

    /** The Path of one scope, entries as written. */
    QStringList pathEntries(EnvironmentScope scope) const;
    /** Expands the %VAR% tokens of a value stored in that scope. */
    PathList::VariableLookup lookup(EnvironmentScope scope) const;
    /** What a new process sees for name, expanded (user over machine; for Path the two joined). */
    QString effective(const QString& name) const;

private:
    QString resolve(EnvironmentScope scope, const QString& name, int depth) const;

    const EnvironmentStore& m_store;
    PathList::VariableLookup m_process;
    QMap<QString, StoredValue> m_replaced; // "user/path" (folded) -> value
};
