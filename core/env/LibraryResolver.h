#pragma once

#include "env/DirectoryListing.h"
#include "env/SearchOrder.h"

#include <QJsonObject>
#include <optional>

/** One file of the name being looked up, and the search location that reaches it. */
struct LibraryCopy
{
    QString path; // normalised
    SearchLocation location;

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
