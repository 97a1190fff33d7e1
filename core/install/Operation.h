#pragma once

#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>

/**
 * One undoable step of a transaction, in the shape of Qt IFW's UpdateOperation (and of core/env's
 * EnvironmentOperation, so those plug in through OperationAdapter): perform(), undo(), and state that survives as
 * JSON in the journal and the manifest, so a later run can undo it.
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
};

using OperationPointer = std::shared_ptr<Operation>;

/** Any class with Operation's shape but not its base (core/env's operations stand alone) as an Operation. */
template <class T> class OperationAdapter final : public Operation
{
public:
    explicit OperationAdapter(std::shared_ptr<T> inner)
        : m_inner(std::move(inner))
    {
    }
    QString name() const override { return m_inner->name(); }
    bool perform() override { return m_inner->perform(); }
    bool undo() override { return m_inner->undo(); }
    QString errorString() const override { return m_inner->errorString(); }
    QJsonObject toJson() const override { return m_inner->toJson(); }

private:
    std::shared_ptr<T> m_inner;
};

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

private:
    OperationPointer m_inner;
};

/**
 * Rebuilds operations from their JSON, {"type": name(), "data": toJson()}, by type. The install's own file
 * operations are known; whoever adds other kinds to a transaction (the environment step) adds their builders.
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
