#pragma once

#include "PackageInspection.h"

/**
 * The conclusions drawn from an inspected archive's entries, one rule per function, in the order the inspector
 * applies them. Each fills fields of the inspection and appends findings; none reads the archive again.
 */
namespace ContentAnalysis {
/** Top folder, each file's placement, the layout, and the claims of the file and folder names. */
void placeFiles(PackageInspection& inspection);
/** Platform and architecture from the binaries' headers; mixed binaries are a finding. */
void identifyBinaries(PackageInspection& inspection);
/** cuDNN version from the headers (else the names), CUDA version from library references (else the names). */
void identifyVersions(PackageInspection& inspection,
                      const QByteArray& versionHeader,
                      const QByteArray& legacyHeader,
                      const QList<int>& referencedCudaMajors);
/** The runtime libraries and headers against the expected set for the major; link chains and broken links. */
void checkFileSet(PackageInspection& inspection);
/** Where the file or folder name disagrees with what the files say. */
void compareNames(PackageInspection& inspection);
} // namespace ContentAnalysis
