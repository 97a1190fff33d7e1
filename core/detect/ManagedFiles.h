#pragma once

#include "CudnnOrigin.h"
#include "PythonEnvironment.h"
#include "common/OsFlavor.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <optional>

/** Who owns one file, by that package manager's own record. */
struct FileOwner
{
    PackageManager manager = PackageManager::None;
    QString package; // "libcudnn9-cuda-12", "nvidia-cudnn-cu12", "cudnn", "torch"
    QString version; // the package's version where its record says (pip, conda); empty for dpkg
    QString environment; // pip and conda: the environment's root; empty for dpkg
    QString record; // the file that says so: a dpkg .list, a dist-info RECORD, a conda-meta json

    /** The manager's own command that puts the package's files back, e.g. "apt-get install --reinstall
     *  libcudnn9-cuda-12", "pip install --force-reinstall nvidia-cudnn-cu12==9.1.0.70", "conda install
     *  cudnn=9.3.0". A command is a command in every language: it is not translated. */
    QString reinstallCommand(OsFlavor os) const;
};

/**
 * Which cuDNN files dpkg, pip and conda own, read from their records and nothing else (no subprocess): dpkg's
 * info/<package>.list, each environment's *.dist-info/RECORD, each conda env's conda-meta/<package>.json "files".
 * Only files whose name holds "cudnn" are kept, which is every file an install or a repair of cuDNN writes.
 */
class ManagedFiles
{
public:
    /** The largest record read (torch's RECORD is about 1.5 MB): a larger one is not a record cudnn-setup trusts. */
    static constexpr qint64 MaxRecordBytes = 16 * 1024 * 1024;

    /** Detection reads only the records of cuDNN's own packages (dpkg *cudnn*.list, nvidia-cudnn-* and torch
     *  RECORDs, conda-meta/cudnn-*.json); an install or repair about to write reads every record. */
    enum class Scope { CudnnPackages, Everything };

    static ManagedFiles
    read(OsFlavor os, const QString& dpkgInfoDirectory, const QList<PythonEnvironment>& environments, Scope scope);

    /** The owner of a file (the path as given, and its folder's links resolved); nullopt when nobody's. */
    std::optional<FileOwner> ownerOf(const QString& path) const;
    bool isEmpty() const { return m_owners.isEmpty(); }
    int size() const { return int(m_owners.size()); }

private:
    void add(const QString& path, const FileOwner& owner);
    QString key(const QString& path) const;

    OsFlavor m_os = OsFlavor::Linux;
    QList<FileOwner> m_ownerList;
    QHash<QString, int> m_owners; // key(path) -> index into m_ownerList
};
