#pragma once

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>

/**
 * One undoable step of a transaction, in the shape of Qt IFW's UpdateOperation: perform(), undo(), and state that
 * survives as JSON in the journal and the manifest, so a later run can undo it. The file operations
 * (FileOperations.h) and the environment's (core/env: EnvironmentStep, EnvironmentRefresh) are all of this one kind.
 *
 * undo() must be safe to call again after a crash in the middle of perform() or of undo() itself: recovery calls it
 * for the step that was running when the process died without knowing how far that step got.
 */
class Operation
{
public:
    virtual ~Operation() = default;

    /** Stable type name written into the journal and the manifest. */
    virtual QString name() const = 0;
    /** All or nothing: on failure whatever it did is taken back before it returns. */
    virtual bool perform() = 0;
    virtual bool undo() = 0;
    virtual QString errorString() const = 0;
    virtual QJsonObject toJson() const = 0;
    /** The files and folders it moves or removes, absolute; a journal read back is checked against its root. */
    virtual QStringList paths() const { return {}; }
    /** What it acts on, for the log; its type when there is nothing more to say. */
    virtual QString description() const { return name(); }
    /**
     * Why this step, read back from a manifest or a journal, must not be acted on: it names something cudnn-setup
     * never changes, so someone else wrote it. Empty when it may; such a step refuses perform() and undo() too.
     */
    virtual QString refusal() const { return {}; }
};

using OperationPointer = std::shared_ptr<Operation>;

/** An operation run backwards: an uninstall performs the undo of what an install performed, as a step of its own. */
class ReversedOperation final : public Operation
{
public:
    static inline const QString Name = QStringLiteral("reversed");

    explicit ReversedOperation(OperationPointer inner)
        : m_inner(std::move(inner))
    {
    }
    QString name() const override { return Name; }
    bool perform() override { return m_inner->undo(); }
    bool undo() override { return m_inner->perform(); }
    QString errorString() const override { return m_inner->errorString(); }
    QJsonObject toJson() const override;
    QStringList paths() const override { return m_inner->paths(); }
    QString description() const override { return m_inner->description(); }
    QString refusal() const override { return m_inner->refusal(); }

private:
    OperationPointer m_inner;
};

/**
 * Rebuilds operations from their JSON, {"type": name(), "data": toJson()}, by type. The install's own file
 * operations are known; whoever adds other kinds to a transaction (EnvironmentOperations) adds their builders.
 */
class OperationFactory
{
public:
    using Builder = std::function<OperationPointer(const QJsonObject& data, QString* error)>;

    OperationFactory();
    void add(const QString& type, Builder builder);
    OperationPointer create(const QJsonObject& json, QString* error) const;

    static QJsonObject serialize(const Operation& operation);

private:
    QHash<QString, Builder> m_builders;
};

/**
 * Operations run in order outside any journal, for a change no toolkit's transaction can hold (the user's own
 * search path after an elevated install wrote the toolkit): all or nothing.
 */
namespace OperationList {
/** Performs each in order; when one fails, undoes those performed, newest first, and says why it failed. */
bool perform(const QList<OperationPointer>& operations, QString* error);
/** Undoes every one, newest first, even past a failure; false with the first error when one failed. */
bool undo(const QList<OperationPointer>& operations, QString* error);
} // namespace OperationList
