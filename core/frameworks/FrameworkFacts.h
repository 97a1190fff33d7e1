#pragma once

#include "FrameworkJudge.h"

struct SystemSnapshot;

/**
 * What the verdicts read, taken from a detection: the frameworks each Python environment's metadata lists, the
 * cuDNN copies inside each environment, and the machine's copies in the order the OS searches for them by name.
 * Nothing is searched again here: the environments and copies are detection's (core/detect).
 */
namespace FrameworkFacts {
QList<FrameworkSubject> subjects(const SystemSnapshot& system, const FrameworkTable& table = FrameworkTable::builtIn());
MachineFacts machine(const SystemSnapshot& system);
/** Every framework of every environment detection found, judged. */
FrameworkVerdicts judge(const SystemSnapshot& system);
/** The same, as they will be once a cuDNN of this version is in the toolkit at root (a chosen package). */
FrameworkVerdicts judgeWith(const SystemSnapshot& system, const QString& toolkitRoot, const Version& cudnn);
} // namespace FrameworkFacts
