#pragma once

#include "ManifestEntry.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <optional>

/**
 * What cudnn-setup installed into one root (<root>/.cudnn-setup/manifest.json), as a stack: each install over
 * another pushes an entry, an uninstall pops the newest and restores what it replaced, so switching cuDNN versions
 * and going back one step at a time never leaves a mixture. A repair pushes nothing: it becomes part of the entry
 * whose files it put back (RepairService), so that entry still takes the root back to what was there before it.
 */
class Manifest
{
    Q_DECLARE_TR_FUNCTIONS(Manifest)

public:
    static constexpr int Schema = 1;

    QList<ManifestEntry> entries; // oldest first

    bool isEmpty() const { return entries.isEmpty(); }
    const ManifestEntry* newest() const { return entries.isEmpty() ? nullptr : &entries.last(); }
    /** An entry of this transaction, or one a repair of this transaction was folded into. */
    bool contains(const QString& transaction) const;

    QJsonObject toJson() const;
    /** An empty manifest when there is none; nullopt with error when it cannot be read. */
    static std::optional<Manifest> load(const QString& path, QString* error);
    /** Writes it atomically; an empty manifest removes the file. */
    bool save(const QString& path, QString* error) const;
};
