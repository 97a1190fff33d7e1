#include "RepairRecord.h"

#include "install/ToolkitState.h"

RepairRecord::RepairRecord(Manifest& manifest, const ToolkitState& state, const QString& transaction)
    : m_manifest(manifest)
    , m_state(state)
    , m_transaction(transaction)
{
    if (m_manifest.isEmpty()) {
        ManifestEntry own;
        own.transaction = transaction;
        own.kind = QStringLiteral("repair");
        own.time = QDateTime::currentDateTimeUtc();
        own.toolVersion = QStringLiteral(CUDNN_SETUP_VERSION);
        m_manifest.entries.append(own);
    } else {
        newest().repairs.append(transaction);
    }
}

void RepairRecord::describe(const QJsonObject& package, const QJsonObject& toolkit)
{
    if (newest().transaction != m_transaction)
        return; // part of an install: its own package and toolkit stay
    newest().package = package;
    newest().toolkit = toolkit;
}

RepairRecord::Backup RepairRecord::put(const QString& path, const ManifestFile& placed, bool replaced)
{
    const QString relative = m_state.relativePath(path);
    for (auto entry = m_manifest.entries.rbegin(); entry != m_manifest.entries.rend(); ++entry) {
        for (ManifestFile& file : entry->files) {
            if (file.path != relative)
                continue;
            if (file.action == ManifestFile::Action::Removed)
                break; // that entry took it away: no entry owns what is there now
            file.kind = placed.kind;
            file.sha256 = placed.sha256;
            file.size = placed.size;
            file.mode = placed.mode;
            file.linkTarget = placed.linkTarget;
            return Backup::Discard;
        }
    }
    ManifestFile file = placed;
    file.path = relative;
    file.action = replaced ? ManifestFile::Action::Replaced : ManifestFile::Action::Added;
    file.backup = replaced ? m_state.relativeToFolder(m_state.backupPath(m_transaction, path)) : QString();
    newest().files.append(file);
    return replaced ? Backup::Keep : Backup::Discard;
}

void RepairRecord::addOperation(const QJsonObject& operation)
{
    newest().operations.append(operation);
}

void RepairRecord::addFolder(const QString& relative)
{
    if (!newest().folders.contains(relative))
        newest().folders.append(relative);
}
