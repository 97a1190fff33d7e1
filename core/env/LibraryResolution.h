#pragma once

#include "SearchLocation.h"
#include "detect/CudnnOrigin.h"

#include <QJsonObject>
#include <QList>
#include <optional>

/** Where the cuDNN copy that a library file belongs to came from, as detection found it (CudnnCopyFinder). */
struct CopyProvenance
{
    CudnnOrigin origin = CudnnOrigin::SearchPath;
    PackageManager managedBy = PackageManager::None;
    QString package; // "nvidia-cudnn-cu12", "cudnn", "libcudnn9-cuda-12"; empty when no package keeps it
    QString packageVersion; // as the package's record says; empty when unknown
    QString environment; // the venv or conda env root holding the copy; empty when none

    QJsonObject toJson(OsFlavor os) const;
};

/** One file of the name being looked up, and the search location that reaches it. */
struct LibraryCopy
{
    QString path; // normalised
    SearchLocation location;
    /** The detected copy the file belongs to (EnvironmentReport::attributeCopies); null: none that detection knows,
     *  a bare search-path folder. */
    std::optional<CopyProvenance> copy;

    QJsonObject toJson(OsFlavor os) const;
};

/** Which copy a new program gets when it asks for a library (or a tool) by bare name, and which copies lose. */
struct LibraryResolution
{
    QString library;
    std::optional<LibraryCopy> winner;
    QList<LibraryCopy> shadowed; // in search order

    /** True when the winning copy lies in one of directories (the same folder, whatever links lead there). */
    bool wonFrom(OsFlavor os, const QStringList& directories) const;
    QJsonObject toJson(OsFlavor os) const;
};
