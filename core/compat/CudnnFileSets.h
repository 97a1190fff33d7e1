#pragma once

#include "common/OsFlavor.h"
#include "cudnnfacts/CudnnLibraryNames.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <optional>

/**
 * The files one cuDNN major consists of: the runtime libraries from the Qt-free table (cudnnfacts/CudnnLibraryNames),
 * the import libraries and headers from resources/compat/cudnn-files.json.
 */
struct CudnnFileSet
{
    int major = 0;
    QStringList linuxLibraries; // SONAMEs: libcudnn.so.9
    QStringList windowsDlls; // cudnn64_9.dll
    QStringList windowsImportLibraries; // cudnn.lib
    QStringList headers;
    QString versionHeader; // where CUDNN_MAJOR lives: cudnn.h (7) or cudnn_version.h (8+)
    QString source;

    /** The runtime libraries a program loads on that OS. */
    QStringList runtimeLibraries(OsFlavor os) const { return os == OsFlavor::Windows ? windowsDlls : linuxLibraries; }
};

/** How an OS names cuDNN's libraries. */
constexpr cudnnsetup::cudnnfacts::LibraryNaming cudnnLibraryNaming(OsFlavor os)
{
    return os == OsFlavor::Windows ? cudnnsetup::cudnnfacts::LibraryNaming::Windows
                                   : cudnnsetup::cudnnfacts::LibraryNaming::Linux;
}

class CudnnFileSets
{
public:
    static const CudnnFileSets& builtIn();
    static CudnnFileSets fromJson(const QJsonObject& json);

    std::optional<CudnnFileSet> forMajor(int major) const;
    QList<int> majors() const;
    /** The major whose runtime library set names this file (libcudnn_ops.so.9 -> 9, cudnn64_8.dll -> 8). */
    std::optional<int> majorOfLibrary(const QString& fileName, OsFlavor os) const;

private:
    QList<CudnnFileSet> m_sets;
};
