#pragma once

#include <QCoreApplication>
#include <QString>

class EnvironmentStep;
struct EnvironmentLocations;

/**
 * The only things an environment step read back from a manifest or a journal may change: the files, links, values
 * and stray copies cudnn-setup itself writes, for the user the locations describe. A recorded step that names
 * anything else was not written by cudnn-setup, and acting on it as root would write or delete any file someone
 * named; it is refused before anything changes (INSTALL-MANIFEST-UNSAFE).
 */
class ManagedEnvironmentFiles
{
    Q_DECLARE_TR_FUNCTIONS(ManagedEnvironmentFiles)

public:
    /** Why the step must not be acted on; empty when it names only what cudnn-setup manages. */
    static QString problem(const EnvironmentStep& step, const EnvironmentLocations& locations);
};
