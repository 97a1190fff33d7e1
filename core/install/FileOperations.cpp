#include "FileOperations.h"

#include "FaultPoint.h"
#include "FileSystem.h"
#include "LinkFreePath.h"

namespace {

QString stringField(const QJsonObject& data, const char* key, QString* error)
{
    const QString value = data.value(QLatin1String(key)).toString();
    if (value.isEmpty() && error)
        *error = QCoreApplication::translate("Operation", "the operation has no \"%1\"").arg(QLatin1String(key));
    return value;
}

/** Moves an entry into the backup tree, creating the folders it needs there. */
bool moveAside(const QString& path, const QString& backup, QString* error)
{
    if (!LinkFreePath::makePath(FileSystem::parentOf(backup), error))
        return false;
    if (FaultPoint::hit("swap.backup")) {
        *error = QCoreApplication::translate("Operation", "cannot move %1 aside: injected fault").arg(path);
        return false;
    }
    return LinkFreePath::move(path, backup, error);
}

} // namespace

PlaceEntry::PlaceEntry(const QString& source, const QString& destination, const QString& backup, bool replaces)
    : m_source(source)
    , m_destination(destination)
    , m_backup(backup)
    , m_replaces(replaces)
{
}

OperationPointer PlaceEntry::fromJson(const QJsonObject& data, QString* error)
{
    QString why;
    auto op = std::make_shared<PlaceEntry>(stringField(data, "source", &why),
                                           stringField(data, "destination", &why),
                                           stringField(data, "backup", &why),
                                           data.value(QStringLiteral("replaces")).toBool());
    if (!why.isEmpty()) {
        *error = why;
        return nullptr;
    }
    return op;
}

bool PlaceEntry::perform()
{
    for (const QString& path : {m_source, m_destination}) {
        m_error = LinkFreePath::problemOnTheWay(path);
        if (!m_error.isEmpty())
            return false;
    }
    if (!LinkFreePath::exists(m_source)) {
        m_error = tr("%1 is missing, so %2 cannot be written").arg(m_source, m_destination);
        return false;
    }
    if (LinkFreePath::exists(m_destination) != m_replaces) {
        m_error = m_replaces ? tr("%1 vanished while the install ran").arg(m_destination)
                             : tr("%1 appeared while the install ran").arg(m_destination);
        return false;
    }
    if (m_replaces && !moveAside(m_destination, m_backup, &m_error))
        return false;
    if (FaultPoint::hit("swap.rename")) {
        m_error = tr("cannot move %1 to %2: injected fault").arg(m_source, m_destination);
    } else if (LinkFreePath::move(m_source, m_destination, &m_error)) {
        return true;
    }
    if (m_replaces)
        LinkFreePath::move(m_backup, m_destination, nullptr);
    return false;
}

bool PlaceEntry::undo()
{
    // From any point of perform(): the new entry goes back to source, then the old one back to destination. The new
    // entry is at destination only once source is gone and, when something was replaced, that is in backup.
    const bool placed = !LinkFreePath::exists(m_source) && LinkFreePath::exists(m_destination)
        && (!m_replaces || LinkFreePath::exists(m_backup));
    if (placed && !LinkFreePath::move(m_destination, m_source, &m_error))
        return false;
    if (LinkFreePath::exists(m_backup) && !LinkFreePath::move(m_backup, m_destination, &m_error))
        return false;
    return true;
}

QJsonObject PlaceEntry::toJson() const
{
    return {{QStringLiteral("source"), m_source},
            {QStringLiteral("destination"), m_destination},
            {QStringLiteral("backup"), m_backup},
            {QStringLiteral("replaces"), m_replaces}};
}

RemoveEntry::RemoveEntry(const QString& path, const QString& backup)
    : m_path(path)
    , m_backup(backup)
{
}

OperationPointer RemoveEntry::fromJson(const QJsonObject& data, QString* error)
{
    QString why;
    auto op = std::make_shared<RemoveEntry>(stringField(data, "path", &why), stringField(data, "backup", &why));
    if (!why.isEmpty()) {
        *error = why;
        return nullptr;
    }
    return op;
}

bool RemoveEntry::perform()
{
    m_error = LinkFreePath::problemOnTheWay(m_path);
    if (!m_error.isEmpty())
        return false;
    if (!LinkFreePath::exists(m_path))
        return true; // already gone: nothing to keep
    return moveAside(m_path, m_backup, &m_error);
}

bool RemoveEntry::undo()
{
    if (LinkFreePath::exists(m_backup) && !LinkFreePath::move(m_backup, m_path, &m_error))
        return false;
    return true;
}

QJsonObject RemoveEntry::toJson() const
{
    return {{QStringLiteral("path"), m_path}, {QStringLiteral("backup"), m_backup}};
}

MakeFolder::MakeFolder(const QString& path)
    : m_path(path)
{
}

OperationPointer MakeFolder::fromJson(const QJsonObject& data, QString* error)
{
    QString why;
    auto op = std::make_shared<MakeFolder>(stringField(data, "path", &why));
    if (!why.isEmpty()) {
        *error = why;
        return nullptr;
    }
    return op;
}

bool MakeFolder::perform()
{
    if (FaultPoint::hit("folder.create")) {
        m_error = tr("cannot create the folder %1: injected fault").arg(m_path);
        return false;
    }
    return LinkFreePath::makeFolder(m_path, &m_error);
}

bool MakeFolder::undo()
{
    LinkFreePath::removeFolderIfEmpty(m_path); // what someone else put in it meanwhile keeps it
    return true;
}

QJsonObject MakeFolder::toJson() const
{
    return {{QStringLiteral("path"), m_path}};
}

RemoveFolder::RemoveFolder(const QString& path)
    : m_path(path)
{
}

OperationPointer RemoveFolder::fromJson(const QJsonObject& data, QString* error)
{
    QString why;
    auto op = std::make_shared<RemoveFolder>(stringField(data, "path", &why));
    if (!why.isEmpty()) {
        *error = why;
        return nullptr;
    }
    return op;
}

bool RemoveFolder::perform()
{
    LinkFreePath::removeFolderIfEmpty(m_path); // a folder someone filled since is theirs now: it stays
    return true;
}

bool RemoveFolder::undo()
{
    return LinkFreePath::makeFolder(m_path, &m_error);
}

QJsonObject RemoveFolder::toJson() const
{
    return {{QStringLiteral("path"), m_path}};
}
