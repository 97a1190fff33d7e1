#pragma once

#include "SystemSnapshot.h"

#include <QJsonObject>
#include <optional>

/**
 * Another machine, as its own detection described it (the detect JSON, docs/detect-json.md): the platform, redist
 * platform, OS release, driver, GPUs, toolkits and the active one, read back into a SystemSnapshot so a package can
 * be judged for it without looking at this machine. Paths keep that machine's rules (a Windows file stays Windows).
 * Anything the file does not say stays unknown, never filled in from here.
 */
namespace MachineFile {

/** The snapshot, or nullopt with *error saying what is wrong with the file. */
std::optional<SystemSnapshot> read(const QString& path, QString* error);
std::optional<SystemSnapshot> fromJson(const QJsonObject& json, QString* error);

} // namespace MachineFile
