#include "SupersededFiles.h"

#include "FileSystem.h"
#include "compat/CudnnFileSets.h"
#include "detect/CudnnInstallScanner.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

namespace {

/** Every header name of every cuDNN major, lower case ("cudnn_ops_infer.h"). */
QSet<QString> cudnnHeaders()
{
    QSet<QString> names;
    const CudnnFileSets& sets = CudnnFileSets::builtIn();
    for (int major : sets.majors()) {
        const std::optional<CudnnFileSet> set = sets.forMajor(major);
        for (const QString& header : set->headers)
            names.insert(header.toLower());
    }
    return names;
}

} // namespace

bool SupersededFiles::isCudnnFile(OsFlavor os, const QString& fileName)
{
    if (CudnnInstallScanner::isCudnnLibraryName(os, fileName))
        return true;
    static const QRegularExpression versionedCopy(QStringLiteral("_v\\d+(?=\\.h$)"),
                                                  QRegularExpression::CaseInsensitiveOption);
    if (cudnnsetup::cudnnfacts::isLinkLibraryName(fileName.toStdString(), cudnnLibraryNaming(os)))
        return true;
    static const QSet<QString> headers = cudnnHeaders();
    QString header = fileName.toLower();
    header.remove(versionedCopy); // cudnn_ops_v9.h is the copy of cudnn_ops.h
    return headers.contains(header);
}

QList<Removal> SupersededFiles::find(const ChangeSet& changes, const QStringList& extraFolders)
{
    const Qt::CaseSensitivity cs = fileNameCase(changes.os);
    QSet<QString> placed;
    QStringList folders;
    const auto addFolder = [&](const QString& folder) {
        const QString canonical = QFileInfo(folder).canonicalFilePath();
        if (!canonical.isEmpty() && FileSystem::isInside(changes.root, canonical) && !folders.contains(canonical))
            folders.append(canonical);
    };
    for (const Change& change : changes.changes) {
        placed.insert(cs == Qt::CaseInsensitive ? change.destination.toCaseFolded() : change.destination);
        addFolder(FileSystem::parentOf(change.destination));
    }
    for (const QString& folder : extraFolders)
        addFolder(folder);

    QList<Removal> removals;
    for (const QString& folder : folders) {
        const QFileInfoList entries
            = QDir(folder).entryInfoList(QDir::Files | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
        for (const QFileInfo& entry : entries) {
            const QString path = folder + QLatin1Char('/') + entry.fileName();
            if (!isCudnnFile(changes.os, entry.fileName())
                || placed.contains(cs == Qt::CaseInsensitive ? path.toCaseFolded() : path))
                continue;
            Removal removal;
            removal.path = path;
            removal.isLink = entry.isSymLink();
            removal.linkTarget = removal.isLink ? FileSystem::linkTarget(path) : QString();
            removal.size = removal.isLink ? 0 : entry.size();
            removals.append(removal);
        }
    }
    return removals;
}

QStringList SupersededFiles::toolkitFolders(OsFlavor os, const QString& root)
{
    QStringList folders
        = CudnnInstallScanner::toolkitLibraryDirs(os, root) + CudnnInstallScanner::toolkitIncludeDirs(os, root);
    if (os == OsFlavor::Windows)
        folders.append(QDir(root).filePath(QStringLiteral("lib/x64")));
    return folders;
}
