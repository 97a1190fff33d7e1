#pragma once

#include "PackageChoice.h"
#include "PackageInspection.h"
#include "PackageValidator.h"
#include "common/Progress.h"

#include <optional>

/**
 * The archives at a path as far as they are known without reading them: each one either kept from an earlier read
 * (InspectionCache) or, in a folder, described by its name when the name rules it out for every toolkit in question.
 * The others are still to be read.
 */
struct PackageSurvey
{
    QStringList files; // in the order they are judged
    QList<std::optional<PackageInspection>> known; // one per file; nullopt: still to be read

    QStringList toRead() const;
    /** The inspections in file order, with read standing in for the one file still to be read. */
    QList<PackageInspection> with(const PackageInspection& read) const;
};

/**
 * Given an archive or a folder of them, inspects each and picks the newest cuDNN that fits the target toolkit and
 * every GPU. Without an explicit toolkit it picks the toolkit the package fits; a tie between toolkits is reported,
 * not broken silently (the silent runner fails with the list, the wizard asks).
 */
class PackagePicker
{
public:
    explicit PackagePicker(ProgressSink* progress = nullptr,
                           CancellationToken cancel = {},
                           const PackageValidator& validator = PackageValidator());

    PackageChoice pick(const QString& folderOrFile,
                       const SystemSnapshot& system,
                       const std::optional<QString>& cudaRoot,
                       bool force) const;
    /** What pick() would know before reading anything; empty when there is no archive at folderOrFile. */
    PackageSurvey survey(const QString& folderOrFile,
                         const SystemSnapshot& system,
                         const std::optional<QString>& cudaRoot,
                         bool force) const;

    /**
     * The same choice over packages already inspected (or described by a manifest, as a download is before it is
     * fetched): every one validated against each toolkit, the best fit chosen, and why each other one lost.
     */
    PackageChoice choose(const QList<PackageInspection>& inspections,
                         const SystemSnapshot& system,
                         const std::optional<QString>& cudaRoot,
                         bool force) const;

    /**
     * The choice the file name alone supports (what NVIDIA's name says of platform, CUDA and cuDNN), so what it
     * already rules out is refused without reading; nullopt when the name is not one of NVIDIA's.
     */
    std::optional<PackageChoice>
    judgeByName(const QString& archive, const SystemSnapshot& system, const QString& toolkitRoot, bool force) const;

    /** The archives in a folder (by extension), sorted by name; the file itself if it is one. */
    static QStringList archivesIn(const QString& folderOrFile);

private:
    /** The choice the name alone supports refuses the archive for every toolkit in question (one at least). */
    static bool ruledOut(const PackageChoice& byName);
    /** What NVIDIA's file name says of an archive, as an inspection that read nothing; nullopt for another name. */
    static std::optional<PackageInspection> describedByName(const QString& archive);

    ProgressSink* m_progress;
    CancellationToken m_cancel;
    PackageValidator m_validator;
};
