#pragma once

#include "env/EnvironmentStore.h"

#include <QStringList>

/** The real Windows registry (through WindowsRegistry, Qt-free). Windows builds only. */
class RegistryEnvironmentStore final : public EnvironmentStore
{
public:
    StoredValue read(EnvironmentScope scope, const QString& name) const override;
    bool write(EnvironmentScope scope, const QString& name, const StoredValue& value, QString* error) override;
    bool broadcastChange(QString* error) override;

    /** The DLL names of HKLM\...\Session Manager\KnownDLLs. */
    static QStringList knownDlls();
};
