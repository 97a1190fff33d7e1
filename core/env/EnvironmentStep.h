#pragma once

#include "env/EnvironmentStore.h"
#include "install/Operation.h"
#include "install/UserInstallList.h"

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
 * One change to the machine's environment with its exact before and after: shown as a diff (dry run), and an
 * ordinary Operation of the transaction that journals it before it runs, so a rollback, the next run's recovery and
 * an uninstall undo it like a file operation. perform() refuses when the machine no longer looks like "before";
 * undo() restores "before" only when the machine still looks like "after", otherwise takes out only our part, and
 * does nothing where the machine holds "before" (a kill between journaling the step and performing it) or after
 * perform() refused.
 */
class EnvironmentStep : public Operation
{
public:
    /** The type in the journal and the manifest; the data is toJson(), whose "kind" says which step. */
    static inline const QString Name = QStringLiteral("environment_step");

    /** Side effects that follow a group of steps once (EnvironmentRefresh): a broadcast, a loader cache rebuild. */
    enum Effect {
        NoEffect = 0,
        RegistryChanged = 1,
        LoaderConfigChanged = 2,
    };

    QString name() const final { return Name; }
    bool perform() final;
    bool undo() final;
    QString errorString() const final { return m_error; }
    QString description() const final { return target(); }
    /** What the last perform() or undo() left alone and why (others changed it since); empty when nothing. */
    QString note() const { return m_note; }
    QString refusal() const final { return m_refusal; }
    /** Marks a step read back that names what cudnn-setup does not manage (ManagedEnvironmentFiles). */
    void refuse(const QString& why) { m_refusal = why; }

    virtual QString kind() const = 0;
    /** What it changes, as a person reads it: "HKCU\Environment\Path", "/home/ana/.profile". */
    virtual QString target() const = 0;
    /** The text of each side for the dry run; null when that side does not exist. */
    virtual QString beforeText() const = 0;
    virtual QString afterText() const = 0;
    virtual QString diff() const;
    virtual int effects() const { return NoEffect; }

    /** What undo leaves at target() while the machine still holds "after". */
    enum class UndoEffect {
        PutsBack, // what was there before
        Removes, // it did not exist before
        TakesOutOurPart, // what was there before, less the fix of an install taken back since
    };
    virtual UndoEffect undoEffect() const { return beforeText().isNull() ? UndoEffect::Removes : UndoEffect::PutsBack; }

    /** Everything needed to undo it later, with "kind". */
    QJsonObject toJson() const override = 0;
    /**
     * store: where a registry step reads and writes (the machine's, or a test's); installList: the user's list of
     * installs, which says whether another install's fix a file step would put back is still wanted.
     */
    static std::shared_ptr<EnvironmentStep> fromJson(const QJsonObject& json,
                                                     std::shared_ptr<EnvironmentStore> store,
                                                     QString* error,
                                                     const QString& installList = {});

protected:
    virtual StepOutcome apply() = 0;
    virtual StepOutcome revert() = 0;
    /** The machine holds this step's "before" (a plan only has steps whose before and after differ). */
    virtual bool holdsBefore() const = 0;

private:
    QString m_error;
    QString m_note;
    QString m_refusal;
    bool m_refused = false; // the last perform() in this process changed nothing: undo leaves the machine alone
};

/** A Windows environment variable in HKCU or HKLM, written raw with its type. Path is treated as a list. */
class RegistryValueStep final : public EnvironmentStep
{
public:
    /** store: the registry it reads and writes. */
    RegistryValueStep(std::shared_ptr<EnvironmentStore> store,
                      EnvironmentScope scope,
                      QString name,
                      StoredValue before,
                      StoredValue after);
    static std::shared_ptr<EnvironmentStep> fromJson(const QJsonObject& json, std::shared_ptr<EnvironmentStore> store);

    QString kind() const override { return QStringLiteral("registry_value"); }
    QString target() const override;
    QString beforeText() const override;
    QString afterText() const override;
    int effects() const override { return RegistryChanged; }
    QJsonObject toJson() const override;

    EnvironmentScope scope() const { return m_scope; }
    QString valueName() const { return m_name; }
    StoredValue before() const { return m_before; }
    StoredValue after() const { return m_after; }

protected:
    StepOutcome apply() override;
    StepOutcome revert() override;
    bool holdsBefore() const override;

private:
    bool isPathList() const;
    QString text(const StoredValue& value) const;
    /** current with the entries we added taken out: a three-way merge of our change into theirs. */
    QString withoutOurEntries(const QString& current) const;

    std::shared_ptr<EnvironmentStore> m_store;
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
    static std::shared_ptr<EnvironmentStep> fromJson(const QJsonObject& json, const QString& installList = {});

    /**
     * The user's list of installs (UserInstallList's file). Undo asks it whether the fix this step replaced (another
     * install's block or file) is still wanted: only then is it put back; a fix another install wrote since is left
     * alone. Empty: no list, everything is put back as it was.
     */
    void setInstallList(const QString& file) { m_installList = file; }
    /** What this step leaves as its install's fix: the marked block, or the whole file. */
    UserInstallList::Fix fixWritten() const;

    QString kind() const override { return QStringLiteral("file"); }
    QString target() const override { return m_path; }
    QString beforeText() const override;
    QString afterText() const override;
    int effects() const override { return m_effects; }
    UndoEffect undoEffect() const override;
    QJsonObject toJson() const override;

    /** The file's bytes; nullopt when it does not exist. */
    static std::optional<QByteArray> readFile(const QString& path);

protected:
    StepOutcome apply() override;
    StepOutcome revert() override;
    bool holdsBefore() const override;

private:
    /** m_before, less the fix of an install taken back since (its block out, or no file). */
    std::optional<QByteArray> beforeStillWanted() const;

    QString m_path;
    Ownership m_ownership;
    std::optional<QByteArray> m_before;
    std::optional<QByteArray> m_after;
    int m_effects;
    QString m_installList;
};

/** A stale library renamed aside (quarantined) so the loader no longer finds it; undo puts it back. */
class RenameStep final : public EnvironmentStep
{
public:
    RenameStep(QString from, QString to);
    static std::shared_ptr<EnvironmentStep> fromJson(const QJsonObject& json);
    /** The name a quarantined copy gets: "cudnn64_8.dll" -> "cudnn64_8.dll.cudnn-setup-quarantined". */
    static QString quarantineName(const QString& path);

    QString kind() const override { return QStringLiteral("rename"); }
    QString target() const override { return m_from; }
    QString beforeText() const override { return m_from; }
    QString afterText() const override { return m_to; }
    QString diff() const override;
    QJsonObject toJson() const override;

protected:
    StepOutcome apply() override;
    StepOutcome revert() override;
    bool holdsBefore() const override;

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
    static std::shared_ptr<EnvironmentStep> fromJson(const QJsonObject& json);
    /** Where link points as written in it; null when it is not a link (or does not exist). */
    static QString linkTarget(const QString& link);

    QString kind() const override { return QStringLiteral("symlink"); }
    QString target() const override { return m_link; }
    QString beforeText() const override;
    QString afterText() const override;
    QJsonObject toJson() const override;

protected:
    StepOutcome apply() override;
    StepOutcome revert() override;
    bool holdsBefore() const override;

private:
    static StepOutcome point(const QString& link, const QString& target);

    QString m_link;
    QString m_before;
    QString m_after;
};
