#pragma once

#include "LibraryResolution.h"
#include "detect/CudnnOrigin.h"
#include "env/DirectoryListing.h"
#include "env/SearchOrder.h"

#include <QJsonObject>
#include <optional>

/** Walks a search order over a directory listing: the first location holding the name wins. */
class LibraryResolver
{
public:
    LibraryResolver(OsFlavor os, const DirectoryListing& listing);
    LibraryResolution resolve(const SearchOrder& order, const QString& name) const;

private:
    /** The name as the directory spells it ("CUDNN64_9.DLL" for "cudnn64_9.dll" on Windows); null if absent. */
    QString findIn(const QString& directory, const QString& name) const;

    OsFlavor m_os;
    const DirectoryListing& m_listing;
};
