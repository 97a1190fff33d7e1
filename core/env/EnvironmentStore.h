#pragma once

#include "EnvironmentScope.h"

#include <QMap>
#include <QString>
#include <optional>

/** A registry environment value exactly as stored: never expanded, its type kept. */
struct StoredValue
{
    enum class Type {
        Absent,
        String, // REG_SZ
        ExpandString, // REG_EXPAND_SZ: %VAR% tokens expand when a process environment is built
        Unreadable, // could not be read, or of a type we never rewrite; data says why. Never written over.
    };

    Type type = Type::Absent;
    QString data;

    static StoredValue absent() { return {}; }
    static StoredValue string(const QString& data) { return {Type::String, data}; }
    static StoredValue expandString(const QString& data) { return {Type::ExpandString, data}; }
    static StoredValue unreadable(const QString& why) { return {Type::Unreadable, why}; }

    bool exists() const { return type != Type::Absent; }
    bool isReadable() const { return type != Type::Unreadable; }
    /** "REG_SZ", "REG_EXPAND_SZ", "absent" or "unreadable". */
    QString typeName() const;
    static StoredValue::Type typeFromName(const QString& name);
    bool operator==(const StoredValue& other) const { return type == other.type && data == other.data; }
    bool operator!=(const StoredValue& other) const { return !(*this == other); }
};

/**
 * Where Windows keeps persistent environment variables: HKCU\Environment and HKLM\...\Session Manager\Environment.
 * Values are read and written raw, so REG_EXPAND_SZ and its %VAR% tokens survive a round trip. Variable names are
 * case-insensitive.
 */
class EnvironmentStore
{
public:
    virtual ~EnvironmentStore() = default;

    virtual StoredValue read(EnvironmentScope scope, const QString& name) const = 0;
    /** An absent value deletes the variable. */
    virtual bool write(EnvironmentScope scope, const QString& name, const StoredValue& value, QString* error) = 0;
    /** Tells Explorer that the environment changed, so programs it starts from now on get the new one. */
    virtual bool broadcastChange(QString* error) = 0;

    /** "HKCU\Environment" or "HKLM\SYSTEM\CurrentControlSet\Control\Session Manager\Environment". */
    static QString keyName(EnvironmentScope scope);
};

/** An environment store held in memory: the tests' registry, and the "after" state of a dry run. */
class MemoryEnvironmentStore final : public EnvironmentStore
{
public:
    StoredValue read(EnvironmentScope scope, const QString& name) const override;
    bool write(EnvironmentScope scope, const QString& name, const StoredValue& value, QString* error) override;
    bool broadcastChange(QString* error) override;

    int broadcastCount() const { return m_broadcasts; }
    /** Every value, "HKCU\Environment\Path" -> value, for comparing whole states. */
    QMap<QString, StoredValue> values() const;

private:
    static QString key(EnvironmentScope scope, const QString& name);

    QMap<QString, std::pair<QString, StoredValue>> m_values; // folded key -> (name as first written, value)
    int m_broadcasts = 0;
};
