#pragma once

#include "ArchiveBuilder.h"
#include "detect/SystemSnapshot.h"

#include <QString>

class RedistTree;

/** What the fetch tests (unit, silent mode, wizard page) build the same way: archives, a mirror, a machine. */
namespace FetchFixtures {

/** cuDNN @p cudnn for CUDA @p cuda (major), its library naming the CUDA runtime it was built against. */
CudnnArchiveSpec spec(const Version& cudnn, const QString& cuda);

/**
 * The mirror most fetch tests serve: cuDNN 9.16 for CUDA 13, 9.19 for CUDA 12 and 9.19 for CUDA 13, manifests
 * written. Returns the path of the archive a CUDA 13 machine should get (9.19 for CUDA 13).
 */
QString addThreeReleases(RedistTree& redist);

/** Linux, driver 580.95.05, one RTX 3090 (sm 8.6) and one CUDA toolkit at @p root. */
SystemSnapshot machine(const QString& root, const QString& cuda = QStringLiteral("13.0"));

} // namespace FetchFixtures
