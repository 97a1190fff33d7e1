#include "Journal.h"

#include "FileSystem.h"
#include "host/RegularFile.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace {
/** A journal holds a few hundred steps of some 300 bytes each: a larger one is not cudnn-setup's. */
constexpr qint64 MaxJournalSize = qint64(16) << 20;
} // namespace

QJsonObject Journal::toJson() const
{
    QJsonArray ops;
    for (const QJsonObject& op : operations)
        ops.append(op);
    return {{QStringLiteral("schema"), Schema},
            {QStringLiteral("transaction"), transaction},
            {QStringLiteral("kind"), kind},
            {QStringLiteral("started"), started.toString(Qt::ISODate)},
            {QStringLiteral("operations"), ops},
            {QStringLiteral("performing"), performing},
            {QStringLiteral("temporaries"), QJsonArray::fromStringList(temporaries)},
            {QStringLiteral("staged_after"), stagedAfter},
            {QStringLiteral("staging"), staging},
            {QStringLiteral("commit"),
             QJsonObject{
                 {QStringLiteral("entry"), commitEntry},
                 {QStringLiteral("when"), commitWhenPresent ? QStringLiteral("present") : QStringLiteral("absent")}}},
            {QStringLiteral("discard_after_commit"), QJsonArray::fromStringList(discardAfterCommit)}};
}

std::optional<Journal> Journal::fromJson(const QJsonObject& json, QString* error)
{
    if (json.value(QStringLiteral("schema")).toInt() != Schema
        || json.value(QStringLiteral("transaction")).toString().isEmpty()) {
        *error = tr("the journal is not one this version of cudnn-setup writes");
        return std::nullopt;
    }
    Journal journal;
    journal.transaction = json.value(QStringLiteral("transaction")).toString();
    journal.kind = json.value(QStringLiteral("kind")).toString();
    journal.started = QDateTime::fromString(json.value(QStringLiteral("started")).toString(), Qt::ISODate);
    for (const QJsonValue& op : json.value(QStringLiteral("operations")).toArray())
        journal.operations.append(op.toObject());
    journal.performing = json.value(QStringLiteral("performing")).toInt(-1);
    for (const QJsonValue& path : json.value(QStringLiteral("temporaries")).toArray())
        journal.temporaries.append(path.toString());
    journal.stagedAfter = json.value(QStringLiteral("staged_after")).toInt();
    journal.staging = json.value(QStringLiteral("staging")).toBool();
    const QJsonObject commit = json.value(QStringLiteral("commit")).toObject();
    journal.commitEntry = commit.value(QStringLiteral("entry")).toString();
    journal.commitWhenPresent = commit.value(QStringLiteral("when")).toString() != QLatin1String("absent");
    for (const QJsonValue& path : json.value(QStringLiteral("discard_after_commit")).toArray())
        journal.discardAfterCommit.append(path.toString());
    return journal;
}

std::optional<Journal> Journal::load(const QString& path, QString* error)
{
    error->clear();
    if (!FileSystem::exists(path))
        return std::nullopt;
    const std::optional<QByteArray> content
        = RegularFile::readSmall(path, MaxJournalSize, error, RegularFile::Links::Refuse);
    if (!content)
        return std::nullopt;
    QJsonParseError parse;
    const QJsonDocument document = QJsonDocument::fromJson(*content, &parse);
    if (parse.error != QJsonParseError::NoError || !document.isObject()) {
        *error = tr("%1 is damaged: %2").arg(path, parse.errorString());
        return std::nullopt;
    }
    std::optional<Journal> journal = fromJson(document.object(), error);
    if (!journal)
        *error = tr("%1: %2").arg(path, *error);
    return journal;
}

bool Journal::save(const QString& path, QString* error) const
{
    return FileSystem::writeAtomically(
        path, QJsonDocument(toJson()).toJson(QJsonDocument::Compact), "journal.write", error);
}
