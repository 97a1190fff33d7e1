#pragma once

#include "env/EnvironmentStore.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <memory>
#include <optional>

/** What one step did, or why it could not. */
struct StepOutcome
{
    bool ok = true;
    bool changed = false; // false: the machine already looked as asked, nothing was written
    QString message; // the error, or a note (what undo left alone and why)

    static StepOutcome done() { return {true, true, {}}; }
    static StepOutcome unchanged(const QString& note = {}) { return {true, false, note}; }
    static StepOutcome failed(const QString& error) { return {false, false, error}; }
};

/**
 * One change to the machine's environment with its exact before and after, so it can be shown (dry run), done,
 * undone and written to JSON for a later uninstall. Steps hold no state: whether one was performed is the
 * EnvironmentChange's business. perform() refuses when the machine no longer looks like "before"; undo() restores
 * "before" only when the machine still looks like "after", and otherwise takes out only our part.
 */
class EnvironmentStep
{
public:
    /** Side effects that follow a group of steps once: a broadcast, a loader cache rebuild. */
    enum Effect {
        NoEffect = 0,
        RegistryChanged = 1,
        LoaderConfigChanged = 2,
    };

    virtual ~EnvironmentStep() = default;

    virtual QString kind() const = 0;
    /** What it changes, as a person reads it: "HKCU\Environment\Path", "/home/ana/.profile". */
    virtual QString target() const = 0;
    /** The text of each side for the dry run; null when that side does not exist. */
    virtual QString beforeText() const = 0;
    virtual QString afterText() const = 0;
    virtual QString diff() const;
    virtual int effects() const { return NoEffect; }

    virtual StepOutcome perform(EnvironmentStore* store) const = 0;
    virtual StepOutcome undo(EnvironmentStore* store) const = 0;
    /**
     * The machine holds this step's "after". A plan only has steps whose before and after differ, so after a crash
     * in perform() (the saved state says "not performed") this tells undo which steps did happen.
     */
    virtual bool holdsAfter(const EnvironmentStore* store) const = 0;

    /** Everything needed to undo it later, with "kind". */
    virtual QJsonObject toJson() const = 0;
    static std::shared_ptr<const EnvironmentStep> fromJson(const QJsonObject& json, QString* error);
};

using EnvironmentSteps = QList<std::shared_ptr<const EnvironmentStep>>;

/** A Windows environment variable in HKCU or HKLM, written raw with its type. Path is treated as a list. */
class RegistryValueStep final : public EnvironmentStep
{
public:
    RegistryValueStep(EnvironmentScope scope, QString name, StoredValue before, StoredValue after);

    QString kind() const override { return QStringLiteral("registry_value"); }
    QString target() const override;
    QString beforeText() const override;
    QString afterText() const override;
    int effects() const override { return RegistryChanged; }
    StepOutcome perform(EnvironmentStore* store) const override;
    StepOutcome undo(EnvironmentStore* store) const override;
    bool holdsAfter(const EnvironmentStore* store) const override;
    QJsonObject toJson() const override;
    static std::shared_ptr<const EnvironmentStep> fromJson(const QJsonObject& json);

    EnvironmentScope scope() const { return m_scope; }
    QString name() const { return m_name; }
    StoredValue before() const { return m_before; }
    StoredValue after() const { return m_after; }

private:
    bool isPathList() const;
    QString text(const StoredValue& value) const;
    /** current with the entries we added taken out: a three-way merge of our change into theirs. */
    QString withoutOurEntries(const QString& current) const;

    EnvironmentScope m_scope;
    QString m_name;
    StoredValue m_before;
    StoredValue m_after;
};

/** A text file: either ours alone (profile.d, ld.so.conf.d, environment.d) or another's with our marked block. */
class FileEditStep final : public EnvironmentStep
{
public:
    enum class Ownership {
        WholeFile,
        MarkedBlock,
    };

    FileEditStep(QString path,
                 Ownership ownership,
                 std::optional<QByteArray> before,
                 std::optional<QByteArray> after,
                 int effects = NoEffect);

    QString kind() const override { return QStringLiteral("file"); }
    QString target() const override { return m_path; }
    QString beforeText() const override;
    QString afterText() const override;
    int effects() const override { return m_effects; }
    StepOutcome perform(EnvironmentStore* store) const override;
    StepOutcome undo(EnvironmentStore* store) const override;
    bool holdsAfter(const EnvironmentStore* store) const override;
    QJsonObject toJson() const override;
    static std::shared_ptr<const EnvironmentStep> fromJson(const QJsonObject& json);

    /** The file's bytes; nullopt when it does not exist. */
    static std::optional<QByteArray> readFile(const QString& path);

private:
    QString m_path;
    Ownership m_ownership;
    std::optional<QByteArray> m_before;
    std::optional<QByteArray> m_after;
    int m_effects;
};

/** A stale library renamed aside (quarantined) so the loader no longer finds it; undo puts it back. */
class RenameStep final : public EnvironmentStep
{
public:
    RenameStep(QString from, QString to);
    /** The name a quarantined copy gets: "cudnn64_8.dll" -> "cudnn64_8.dll.cudnn-setup-quarantined". */
    static QString quarantineName(const QString& path);

    QString kind() const override { return QStringLiteral("rename"); }
    QString target() const override { return m_from; }
    QString beforeText() const override { return m_from; }
    QString afterText() const override { return m_to; }
    QString diff() const override;
    StepOutcome perform(EnvironmentStore* store) const override;
    StepOutcome undo(EnvironmentStore* store) const override;
    bool holdsAfter(const EnvironmentStore* store) const override;
    QJsonObject toJson() const override;
    static std::shared_ptr<const EnvironmentStep> fromJson(const QJsonObject& json);

private:
    QString m_from;
    QString m_to;
};

/** A symbolic link pointed elsewhere (/usr/local/cuda), replaced atomically. */
class SymlinkStep final : public EnvironmentStep
{
public:
    /** An empty before means the link did not exist. */
    SymlinkStep(QString link, QString before, QString after);
    /** Where link points as written in it; null when it is not a link (or does not exist). */
    static QString linkTarget(const QString& link);

    QString kind() const override { return QStringLiteral("symlink"); }
    QString target() const override { return m_link; }
    QString beforeText() const override;
    QString afterText() const override;
    StepOutcome perform(EnvironmentStore* store) const override;
    StepOutcome undo(EnvironmentStore* store) const override;
    bool holdsAfter(const EnvironmentStore* store) const override;
    QJsonObject toJson() const override;
    static std::shared_ptr<const EnvironmentStep> fromJson(const QJsonObject& json);

private:
    static StepOutcome point(const QString& link, const QString& target);

    QString m_link;
    QString m_before;
    QString m_after;
};
