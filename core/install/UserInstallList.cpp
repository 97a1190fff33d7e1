#include "UserInstallList.h"

#include "common/FileIdentity.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

UserInstallList::UserInstallList(QString file)
    : m_file(std::move(file))
{
}

QString UserInstallList::fileIn(const QString& configFolder)
{
    return configFolder.isEmpty() ? QString()
                                  : QDir(configFolder).filePath(QStringLiteral("cudnn-setup/installs.json"));
}

bool UserInstallList::exists() const
{
    return !m_file.isEmpty() && QFileInfo(m_file).isFile();
}

QList<UserInstallList::Entry> UserInstallList::entries() const
{
    QFile file(m_file);
    if (m_file.isEmpty() || !file.open(QIODevice::ReadOnly))
        return {};
    constexpr qint64 Limit = 4 * 1024 * 1024; // a list of installs is small; anything bigger is not ours
    const QJsonArray installs
        = QJsonDocument::fromJson(file.read(Limit)).object().value(QStringLiteral("installs")).toArray();
    QList<Entry> entries;
    for (const QJsonValue& value : installs) {
        const QJsonObject json = value.toObject();
        Entry entry;
        entry.root = json.value(QStringLiteral("root")).toString();
        if (entry.root.isEmpty())
            continue;
        for (const QJsonValue& fix : json.value(QStringLiteral("fixes")).toArray()) {
            const QJsonObject f = fix.toObject();
            entry.fixes.append({f.value(QStringLiteral("path")).toString(),
                                QByteArray::fromBase64(f.value(QStringLiteral("bytes_base64")).toString().toLatin1())});
        }
        entries.append(entry);
    }
    return entries;
}

QStringList UserInstallList::roots() const
{
    QStringList roots;
    for (const Entry& entry : entries())
        roots.append(entry.root);
    return roots;
}

bool UserInstallList::save(const QList<Entry>& entries, QString* error) const
{
    QJsonArray installs;
    for (const Entry& entry : entries) {
        QJsonArray fixes;
        for (const Fix& fix : entry.fixes)
            fixes.append(QJsonObject{{QStringLiteral("path"), fix.path},
                                     {QStringLiteral("bytes_base64"), QString::fromLatin1(fix.bytes.toBase64())}});
        installs.append(QJsonObject{{QStringLiteral("root"), entry.root}, {QStringLiteral("fixes"), fixes}});
    }
    QDir().mkpath(QFileInfo(m_file).absolutePath());
    QSaveFile file(m_file);
    if (file.open(QIODevice::WriteOnly)
        && file.write(QJsonDocument(QJsonObject{{QStringLiteral("installs"), installs}}).toJson()) >= 0
        && file.commit())
        return true;
    if (error)
        *error = file.errorString();
    return false;
}

bool UserInstallList::record(const Entry& entry, QString* error)
{
    if (m_file.isEmpty())
        return true;
    QList<Entry> all = entries();
    Entry kept = entry;
    for (auto it = all.begin(); it != all.end();) {
        if (sameLocation(hostOsFlavor(), it->root, entry.root)) {
            if (kept.fixes.isEmpty())
                kept.fixes = it->fixes;
            it = all.erase(it);
        } else {
            ++it;
        }
    }
    all.append(kept); // the newest last
    return save(all, error);
}

bool UserInstallList::forget(const QString& root, QString* error)
{
    if (!exists())
        return true;
    QList<Entry> all = entries();
    const qsizetype before = all.size();
    all.removeIf([&](const Entry& e) { return sameLocation(hostOsFlavor(), e.root, root); });
    if (all.size() == before)
        return true;
    if (!all.isEmpty())
        return save(all, error);
    // No install left: the home is as it was before the first one (its folders aside, as environment.d's).
    if (!QFile::remove(m_file)) {
        if (error)
            *error = QFile(m_file).errorString();
        return false;
    }
    QDir().rmdir(QFileInfo(m_file).absolutePath());
    return true;
}

bool UserInstallList::stillWanted(const QString& path, const QByteArray& bytes) const
{
    if (!exists())
        return true;
    for (const Entry& entry : entries()) {
        for (const Fix& fix : entry.fixes) {
            if (fix.path == path && fix.bytes == bytes)
                return true;
        }
    }
    return false;
}
