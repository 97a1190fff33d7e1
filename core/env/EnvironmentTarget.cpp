#include "EnvironmentTarget.h"

#include "common/FileIdentity.h"
#include "compat/CudnnFileSets.h"
#include "detect/CudnnInstallScanner.h"
#include "env/DirectoryListing.h"

#include <QJsonArray>
#include <QRegularExpression>

static bool listsFile(OsFlavor os, const DirectoryListing& listing, const QString& directory, const QString& name)
{
    return listing.fileNames(directory).contains(name, fileNameCase(os));
}

/** cudart64_12.dll (12+), cudart64_110.dll (11.x), cudart64_102.dll (10.2): what the CUDA installer ships. */
static QString usualCudartName(OsFlavor os, const Version& cuda)
{
    if (os == OsFlavor::Linux)
        return QStringLiteral("libcudart.so.%1").arg(cuda.major());
    if (cuda.major() >= 12)
        return QStringLiteral("cudart64_%1.dll").arg(cuda.major());
    if (cuda.major() == 11)
        return QStringLiteral("cudart64_110.dll");
    return QStringLiteral("cudart64_%1%2.dll").arg(cuda.major()).arg(cuda.minor());
}

static QString cudartName(OsFlavor os, const Version& cuda, const DirectoryListing& listing, const QStringList& dirs)
{
    if (os == OsFlavor::Windows) {
        const QRegularExpression pattern(QStringLiteral("^cudart64_%1\\d*\\.dll$").arg(cuda.major()),
                                         QRegularExpression::CaseInsensitiveOption);
        for (const QString& directory : dirs) {
            for (const QString& name : listing.fileNames(directory)) {
                if (pattern.match(name).hasMatch())
                    return name;
            }
        }
    }
    return usualCudartName(os, cuda);
}

QStringList EnvironmentTarget::libraryNames(OsFlavor os, const DirectoryListing& listing) const
{
    QStringList names;
    if (const auto set = CudnnFileSets::builtIn().forMajor(cudnnVersion.major()))
        names = set->runtimeLibraries(os);
    names.append(cudartName(os, cudaVersion, listing, libraryDirs(os, listing)));
    // cuDNN 8.3 to 9.1 sub-libraries import zlibwapi.dll; Windows finds it by the same search as cuDNN itself.
    if (os == OsFlavor::Windows && cudnnVersion >= Version{8, 3} && cudnnVersion < Version{9, 2})
        names.append(QStringLiteral("zlibwapi.dll"));
    return names;
}

QStringList EnvironmentTarget::toolNames(OsFlavor os) const
{
    return os == OsFlavor::Linux ? QStringList{QStringLiteral("nvcc")} : QStringList{};
}

QStringList EnvironmentTarget::libraryDirs(OsFlavor os, const DirectoryListing& listing) const
{
    QStringList outside;
    for (const QString& directory : cudnnDirs)
        outside.append(normalizedPath(os, directory));
    const QStringList candidates = CudnnInstallScanner::toolkitLibraryDirs(os, toolkitRoot);
    QStringList dispatchers;
    if (const auto set = CudnnFileSets::builtIn().forMajor(cudnnVersion.major()); set && outside.isEmpty())
        dispatchers = set->runtimeLibraries(os).mid(0, 1);
    for (const QStringList& wanted : {dispatchers, QStringList{usualCudartName(os, cudaVersion)}}) {
        QStringList found;
        for (const QString& candidate : candidates) {
            const QString directory = normalizedPath(os, candidate);
            // lib64 -> lib (CUDA 13) or -> targets/x86_64-linux/lib (CUDA 12) is one folder under several names:
            // the first name is the one the fix uses.
            const bool known = std::any_of(
                found.cbegin(), found.cend(), [&](const QString& other) { return sameLocation(os, other, directory); });
            if (!known && std::any_of(wanted.cbegin(), wanted.cend(), [&](const QString& name) {
                    return listsFile(os, listing, directory, name);
                }))
                found.append(directory);
        }
        if (!found.isEmpty())
            return outside + found;
    }
    // Nothing installed yet: CUDA 13 on Windows keeps its DLLs in bin\x64, older ones in bin; Linux uses lib64.
    if (os == OsFlavor::Windows && cudaVersion.major() >= 13)
        return outside + QStringList{normalizedPath(os, candidates.at(1))};
    return outside + QStringList{normalizedPath(os, candidates.at(0))};
}

QStringList EnvironmentTarget::toolDirs(OsFlavor os) const
{
    return {joinPath(os, toolkitRoot, QStringLiteral("bin"))};
}

QString EnvironmentTarget::versionedCudaPathName() const
{
    return QStringLiteral("CUDA_PATH_V%1_%2").arg(cudaVersion.major()).arg(cudaVersion.minor());
}

QJsonObject EnvironmentTarget::toJson(OsFlavor os) const
{
    return {{QStringLiteral("toolkit_root"), displayPath(os, toolkitRoot)},
            {QStringLiteral("cuda_version"), cudaVersion.toString()},
            {QStringLiteral("cudnn_version"), cudnnVersion.toString()}};
}
