#include "Operation.h"

#include "FileOperations.h"

#include <QCoreApplication>

QJsonObject ReversedOperation::toJson() const
{
    return {{QStringLiteral("operation"), OperationFactory::serialize(*m_inner)}};
}

OperationFactory::OperationFactory()
{
    add(PlaceEntry::Name, &PlaceEntry::fromJson);
    add(RemoveEntry::Name, &RemoveEntry::fromJson);
    add(MakeFolder::Name, &MakeFolder::fromJson);
    add(RemoveFolder::Name, &RemoveFolder::fromJson);
}

void OperationFactory::add(const QString& type, Builder builder)
{
    m_builders.insert(type, std::move(builder));
}

OperationPointer OperationFactory::create(const QJsonObject& json, QString* error) const
{
    const QString type = json.value(QStringLiteral("type")).toString();
    if (type == ReversedOperation::Name) {
        const QJsonObject inner
            = json.value(QStringLiteral("data")).toObject().value(QStringLiteral("operation")).toObject();
        OperationPointer operation = create(inner, error);
        return operation ? std::make_shared<ReversedOperation>(operation) : nullptr;
    }
    const auto builder = m_builders.constFind(type);
    if (builder == m_builders.constEnd()) {
        *error = QCoreApplication::translate("Operation", "unknown operation \"%1\"").arg(type);
        return nullptr;
    }
    return (*builder)(json.value(QStringLiteral("data")).toObject(), error);
}

QJsonObject OperationFactory::serialize(const Operation& operation)
{
    return {{QStringLiteral("type"), operation.name()}, {QStringLiteral("data"), operation.toJson()}};
}

bool OperationList::perform(const QList<OperationPointer>& operations, QString* error)
{
    for (qsizetype i = 0; i < operations.size(); ++i) {
        if (operations.at(i)->perform())
            continue;
        if (error)
            *error = operations.at(i)->errorString();
        undo(operations.mid(0, i + 1), nullptr); // the failed one too: undo is safe from any point of perform
        return false;
    }
    return true;
}

bool OperationList::undo(const QList<OperationPointer>& operations, QString* error)
{
    bool ok = true;
    for (auto it = operations.crbegin(); it != operations.crend(); ++it) {
        if ((*it)->undo())
            continue;
        if (ok && error)
            *error = (*it)->errorString();
        ok = false;
    }
    return ok;
}
