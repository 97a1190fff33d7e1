#include "EnvironmentOperations.h"

#include "env/EnvironmentRefresh.h"
#include "env/ManagedEnvironmentFiles.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace {

/** A step read back from a manifest or a journal, refused when it names what cudnn-setup does not manage. */
std::shared_ptr<EnvironmentStep>
readBack(const QJsonObject& json, const EnvironmentLocations& locations, QString* error)
{
    std::shared_ptr<EnvironmentStep> step
        = EnvironmentStep::fromJson(json, locations.store, error, locations.installList());
    if (step)
        step->refuse(ManagedEnvironmentFiles::problem(*step, locations));
    return step;
}

QList<OperationPointer> framed(const EnvironmentSteps& steps, const EnvironmentLocations& locations)
{
    if (steps.isEmpty())
        return {};
    int effects = EnvironmentStep::NoEffect;
    for (const auto& step : steps)
        effects |= step->effects();
    QList<OperationPointer> operations;
    if (effects != EnvironmentStep::NoEffect)
        operations.append(
            std::make_shared<EnvironmentRefresh>(effects, EnvironmentRefresh::When::AfterUndo, locations));
    for (const auto& step : steps)
        operations.append(step);
    if (effects != EnvironmentStep::NoEffect)
        operations.append(
            std::make_shared<EnvironmentRefresh>(effects, EnvironmentRefresh::When::AfterPerform, locations));
    return operations;
}

/**
 * The "environment" operation of earlier releases, {"operation": "environment", "os", "scope", "steps": [...]},
 * read back only: its steps and refreshes run as one operation (journal positions count it as one), and it writes
 * the same JSON again, so an uninstall's own journal can rebuild it.
 */
class EarlierEnvironmentChange final : public Operation
{
public:
    static inline const QString Name = QStringLiteral("environment");

    EarlierEnvironmentChange(QJsonObject json, QList<OperationPointer> operations)
        : m_json(std::move(json))
        , m_operations(std::move(operations))
    {
    }

    QString name() const override { return Name; }
    bool perform() override { return OperationList::perform(m_operations, &m_error); }
    bool undo() override { return OperationList::undo(m_operations, &m_error); }
    QString errorString() const override { return m_error; }
    QJsonObject toJson() const override { return m_json; }
    QString refusal() const override
    {
        for (const OperationPointer& operation : m_operations) {
            if (!operation->refusal().isEmpty())
                return operation->refusal();
        }
        return {};
    }

    static OperationPointer fromJson(const QJsonObject& json, const EnvironmentLocations& locations, QString* error)
    {
        EnvironmentSteps steps;
        for (const QJsonValue& value : json.value(QStringLiteral("steps")).toArray()) {
            std::shared_ptr<EnvironmentStep> step = readBack(value.toObject(), locations, error);
            if (!step)
                return nullptr;
            steps.append(step);
        }
        return std::make_shared<EarlierEnvironmentChange>(json, framed(steps, locations));
    }

private:
    QJsonObject m_json;
    QList<OperationPointer> m_operations;
    QString m_error;
};

} // namespace

QList<OperationPointer> EnvironmentOperations::fromPlan(const EnvironmentPlan& plan,
                                                        const EnvironmentLocations& locations)
{
    return framed(plan.steps, locations);
}

void EnvironmentOperations::addBuilders(OperationFactory& factory, const EnvironmentLocations& locations)
{
    factory.add(EnvironmentStep::Name, [locations](const QJsonObject& data, QString* error) -> OperationPointer {
        return readBack(data, locations, error);
    });
    factory.add(EnvironmentRefresh::Name, [locations](const QJsonObject& data, QString* error) {
        return EnvironmentRefresh::fromJson(data, locations, error);
    });
    factory.add(EarlierEnvironmentChange::Name, [locations](const QJsonObject& data, QString* error) {
        return EarlierEnvironmentChange::fromJson(data, locations, error);
    });
}
