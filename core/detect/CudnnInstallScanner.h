#pragma once

#include "SystemSnapshot.h"
#include "compat/CudnnFileSets.h"

#include <QCoreApplication>

/**
 * Looks at one place (a toolkit, or a directory on the library search path) and reports each cuDNN major found
 * there: its version from the headers and file names, the library files as they lie (links, sizes, permissions)
 * and what is wrong with them: missing sub-libraries, empty files, broken links, link chains flattened into
 * copies, mixed versions, files not readable by everyone.
 */
class CudnnInstallScanner
{
    Q_DECLARE_TR_FUNCTIONS(CudnnInstallScanner)

public:
    explicit CudnnInstallScanner(OsFlavor os, const CudnnFileSets& fileSets = CudnnFileSets::builtIn());

    QList<CudnnInstall> scanToolkit(const QString& root) const;
    QList<CudnnInstall> scanSearchPathDirectory(const QString& directory) const;
    /** A copy outside toolkits and the search path (a Python environment, an installer folder): location
     *  Elsewhere; a folder set without any library is no copy. */
    QList<CudnnInstall>
    scanCopy(const QString& root, const QStringList& includeDirs, const QStringList& libraryDirs) const;

    /** Where a toolkit keeps runtime libraries (Linux lib64, lib, targets/...; Windows bin, bin/x64). */
    static QStringList toolkitLibraryDirs(OsFlavor os, const QString& root);
    static QStringList toolkitIncludeDirs(OsFlavor os, const QString& root);
    /** True for a cuDNN runtime library name: libcudnn*.so* on Linux, cudnn*64_N.dll on Windows. */
    static bool isCudnnLibraryName(OsFlavor os, const QString& fileName);
    /** a.b.c.d from a DLL's VERSIONINFO; nullopt for anything that is not a PE file with one. */
    static std::optional<Version> dllFileVersion(const QString& path);

private:
    static QList<CudnnInstall> withLibraries(QList<CudnnInstall> installs);
    QList<CudnnInstall> scan(CudnnInstall::Location location,
                             const QString& root,
                             const QStringList& includeDirs,
                             const QStringList& libraryDirs) const;
    QList<CudnnLibraryFile> libraryFilesIn(const QString& directory) const;
    std::optional<int> majorOf(const CudnnLibraryFile& file) const;
    void checkLibraries(CudnnInstall& install) const;
    void checkFlattenedLinks(CudnnInstall& install) const;
    void checkVersions(CudnnInstall& install) const;
    void checkImportLibraries(CudnnInstall& install) const;

    OsFlavor m_os;
    const CudnnFileSets& m_fileSets;
};
