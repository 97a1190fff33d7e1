#pragma once

#include "install/Manifest.h"

#include <QJsonObject>
#include <QString>

class ToolkitState;

/**
 * Writes one repair into a root's manifest, not as a layer of its own but as part of the install it repairs, so
 * an uninstall still puts back what was there before that install (never the damage):
 * - a path an entry put there keeps its record in that entry, updated to what the repair placed; the damaged copy
 *   the repair moved away is not kept;
 * - a path no entry put there (a cuDNN file cudnn-setup did not install) joins the newest entry, with what the
 *   repair found there as its backup, so an uninstall puts back what cudnn-setup found;
 * - with no entry at all, the repair is recorded as an entry of its own (kind "repair").
 * The newest entry lists the repair's transaction (ManifestEntry::repairs): that is its commit mark.
 */
class RepairRecord
{
public:
    /** manifest: the copy the repair's transaction commits; state: its root's. */
    RepairRecord(Manifest& manifest, const ToolkitState& state, const QString& transaction);

    /** For an entry of its own: the package the placed files came from and the toolkit. */
    void describe(const QJsonObject& package, const QJsonObject& toolkit);

    enum class Backup {
        Discard, // what the repair moved away from the path is damage: drop it once committed
        Keep, // it is what an uninstall puts back
    };
    /** The repair placed `placed` at path (absolute); replaced: something was there, now in the repair's backup. */
    Backup put(const QString& path, const ManifestFile& placed, bool replaced);
    void addOperation(const QJsonObject& operation);
    void addFolder(const QString& relative);

private:
    ManifestEntry& newest() { return m_manifest.entries.last(); }

    Manifest& m_manifest;
    const ToolkitState& m_state;
    QString m_transaction;
};
