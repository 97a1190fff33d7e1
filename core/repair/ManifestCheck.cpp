#include "ManifestCheck.h"

#include "install/FileSystem.h"
#include "install/ToolkitState.h"

#include <QDir>
#include <QFileInfo>

bool ManifestCheck::load(const QString& root, QString* error)
{
    m_root = root;
    m_expected.clear();
    const ToolkitState state(root);
    const std::optional<Manifest> manifest = Manifest::load(state.manifestFile(), error);
    if (!manifest)
        return false;
    m_manifest = *manifest;
    for (const ManifestEntry& entry : m_manifest.entries) {
        for (const ManifestFile& file : entry.files) {
            if (file.action == ManifestFile::Action::Removed) {
                m_expected.remove(file.path);
                continue;
            }
            QJsonObject package = entry.package;
            // A repair that only relinked or fixed modes names no package: the file still comes from the earlier one.
            if (package.value(QStringLiteral("sha256")).toString().isEmpty() && m_expected.contains(file.path))
                package = m_expected.value(file.path).package;
            m_expected.insert(file.path, Expected{file, package});
        }
    }
    return true;
}

QString ManifestCheck::canonicalEntry(const QString& path)
{
    const QFileInfo info(path);
    const QString folder = QFileInfo(info.absolutePath()).canonicalFilePath();
    return folder.isEmpty() ? QDir::cleanPath(info.absoluteFilePath()) : folder + QLatin1Char('/') + info.fileName();
}

QList<ManifestCheck::Damage> ManifestCheck::damages() const
{
    QList<Damage> found;
    QStringList paths = m_expected.keys();
    paths.sort(); // a stable order for reports and tests
    for (const QString& relative : paths) {
        const Expected& expected = m_expected.value(relative);
        const ManifestFile& file = expected.file;
        const QString path = m_root + QLatin1Char('/') + relative;
        const FileSystem::Kind kind = FileSystem::kindOf(path);
        const auto damaged = [&](Damage::Kind what) { found.append(Damage{what, path, file, expected.package}); };

        if (file.kind == ManifestFile::Kind::Symlink) {
            if (kind == FileSystem::Kind::None)
                damaged(Damage::Kind::Missing);
            else if (kind == FileSystem::Kind::File)
                damaged(Damage::Kind::LinkFlattened);
            else if (kind != FileSystem::Kind::Symlink || FileSystem::linkTarget(path) != file.linkTarget)
                damaged(Damage::Kind::LinkChanged);
            continue;
        }
        if (kind == FileSystem::Kind::None || (kind == FileSystem::Kind::Symlink && !QFileInfo(path).exists())) {
            damaged(Damage::Kind::Missing);
            continue;
        }
        if (kind != FileSystem::Kind::File) {
            damaged(Damage::Kind::Altered);
            continue;
        }
        const QFileInfo info(path);
        if (info.size() == 0 && file.size > 0) {
            damaged(Damage::Kind::Empty);
            continue;
        }
        if (info.size() != file.size || FileSystem::sha256Of(path) != file.sha256) {
            damaged(Damage::Kind::Altered);
            continue;
        }
        const QFileDevice::Permissions readAll
            = QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther;
        if ((info.permissions() & readAll) != readAll)
            damaged(Damage::Kind::NotReadable);
    }
    return found;
}
