#include "ManagedFiles.h"

#include "host/BoundedFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

bool isCudnnFile(const QString& path)
{
    const int slash = int(std::max(path.lastIndexOf(QLatin1Char('/')), path.lastIndexOf(QLatin1Char('\\'))));
    return path.mid(slash + 1).contains(QLatin1String("cudnn"), Qt::CaseInsensitive);
}

bool isCudnnPackage(const QString& normalizedName)
{
    return normalizedName.startsWith(QLatin1String("nvidia-cudnn")) || normalizedName == QLatin1String("torch")
        || normalizedName.startsWith(QLatin1String("cudnn")) || normalizedName.startsWith(QLatin1String("libcudnn"));
}

QString quoted(const QString& path)
{
    return path.contains(QLatin1Char(' ')) ? QLatin1Char('"') + path + QLatin1Char('"') : path;
}

/** One field of a RECORD line (CSV: a path holding a comma is quoted, a quote doubled). */
QString firstCsvField(const QString& line)
{
    if (!line.startsWith(QLatin1Char('"')))
        return line.section(QLatin1Char(','), 0, 0);
    QString field;
    for (int i = 1; i < line.size(); ++i) {
        if (line.at(i) == QLatin1Char('"')) {
            if (i + 1 < line.size() && line.at(i + 1) == QLatin1Char('"')) {
                field += QLatin1Char('"');
                ++i;
                continue;
            }
            break;
        }
        field += line.at(i);
    }
    return field;
}

} // namespace

QString FileOwner::reinstallCommand(OsFlavor os) const
{
    switch (manager) {
    case PackageManager::Dpkg:
        return QStringLiteral("apt-get install --reinstall %1").arg(package);
    case PackageManager::Pip: {
        // Windows: a venv keeps its interpreter in Scripts, a conda env or an install at its root.
        const QDir root(environment);
        const QString python = os != OsFlavor::Windows          ? root.filePath(QStringLiteral("bin/python"))
            : root.exists(QStringLiteral("Scripts/python.exe")) ? root.filePath(QStringLiteral("Scripts/python.exe"))
                                                                : root.filePath(QStringLiteral("python.exe"));
        return QStringLiteral("%1 -m pip install --force-reinstall %2==%3")
            .arg(quoted(displayPath(os, python)), package, version);
    }
    case PackageManager::Conda:
        return QStringLiteral("conda install --prefix %1 %2=%3")
            .arg(quoted(displayPath(os, environment)), package, version);
    case PackageManager::NvidiaInstaller:
    case PackageManager::None:
        break;
    }
    return {};
}

QString ManagedFiles::key(const QString& path) const
{
    QString cleaned = QDir::cleanPath(QDir::fromNativeSeparators(path));
    return m_os == OsFlavor::Windows ? cleaned.toLower() : cleaned;
}

void ManagedFiles::add(const QString& path, const FileOwner& owner)
{
    if (m_ownerList.isEmpty() || m_ownerList.constLast().record != owner.record)
        m_ownerList.append(owner);
    m_owners.insert(key(path), int(m_ownerList.size()) - 1);
}

std::optional<FileOwner> ManagedFiles::ownerOf(const QString& path) const
{
    auto it = m_owners.constFind(key(path));
    if (it == m_owners.cend()) {
        // A record names the file by the path its package used (/lib/x86_64-linux-gnu/... on a merged /usr): try
        // the folder with its links resolved, and the record's entries were kept both ways.
        const QFileInfo info(path);
        const QString folder = QFileInfo(info.absolutePath()).canonicalFilePath();
        if (!folder.isEmpty())
            it = m_owners.constFind(key(folder + QLatin1Char('/') + info.fileName()));
    }
    if (it == m_owners.cend())
        return std::nullopt;
    return m_ownerList.at(*it);
}

ManagedFiles ManagedFiles::read(OsFlavor os,
                                const QString& dpkgInfoDirectory,
                                const QList<PythonEnvironment>& environments,
                                Scope scope)
{
    ManagedFiles files;
    files.m_os = os;
    QHash<QString, QString> canonicalFolders;
    const auto addBothWays = [&](const QString& path, const FileOwner& owner) {
        files.add(path, owner);
        const int slash = int(path.lastIndexOf(QLatin1Char('/')));
        const QString folder = path.left(slash);
        auto known = canonicalFolders.find(folder);
        if (known == canonicalFolders.end())
            known = canonicalFolders.insert(folder, QFileInfo(folder).canonicalFilePath());
        if (!known->isEmpty() && *known != folder)
            files.add(*known + path.mid(slash), owner);
    };

    if (!dpkgInfoDirectory.isEmpty()) {
        const QDir info(dpkgInfoDirectory);
        const QStringList filter{scope == Scope::CudnnPackages ? QStringLiteral("*cudnn*.list")
                                                               : QStringLiteral("*.list")};
        for (const QString& name : info.entryList(filter, QDir::Files, QDir::Name)) {
            const QString listFile = info.filePath(name);
            const QByteArray content = readBoundedFile(listFile, MaxRecordBytes).whole();
            if (content.isEmpty())
                continue;
            const FileOwner owner{
                PackageManager::Dpkg, name.chopped(5).section(QLatin1Char(':'), 0, 0), {}, {}, listFile};
            const QList<QByteArray> lines = content.split('\n');
            for (const QByteArray& line : lines) {
                const QString path = QString::fromUtf8(line);
                if (!path.isEmpty() && isCudnnFile(path))
                    addBothWays(path, owner);
            }
        }
    }

    for (const PythonEnvironment& env : environments) {
        for (const PythonDistribution& d : env.distributions) {
            if (scope == Scope::CudnnPackages && !isCudnnPackage(d.normalizedName()))
                continue;
            if (d.installer == PythonDistribution::Installer::Pip) {
                const QString recordFile = QDir(d.record).filePath(QStringLiteral("RECORD"));
                const QByteArray content = readBoundedFile(recordFile, MaxRecordBytes).whole();
                if (content.isEmpty())
                    continue;
                const FileOwner owner{PackageManager::Pip, d.name, d.version, env.root, recordFile};
                const QDir site(env.sitePackages);
                const QList<QByteArray> lines = content.split('\n');
                for (const QByteArray& line : lines) {
                    const QString path = firstCsvField(QString::fromUtf8(line).trimmed());
                    if (!path.isEmpty() && isCudnnFile(path))
                        addBothWays(QDir::cleanPath(site.filePath(path)), owner);
                }
                continue;
            }
            const QByteArray content = readBoundedFile(d.record, MaxRecordBytes).whole();
            if (content.isEmpty())
                continue;
            const QJsonObject json = QJsonDocument::fromJson(content).object();
            const FileOwner owner{PackageManager::Conda,
                                  d.name,
                                  json.value(QStringLiteral("version")).toString(d.version),
                                  env.root,
                                  d.record};
            const QDir prefix(env.root);
            for (const QJsonValue& file : json.value(QStringLiteral("files")).toArray()) {
                const QString path = file.toString();
                if (!path.isEmpty() && isCudnnFile(path))
                    addBothWays(QDir::cleanPath(prefix.filePath(QDir::fromNativeSeparators(path))), owner);
            }
        }
    }
    return files;
}
