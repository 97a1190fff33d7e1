#include "RedistTree.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

RedistTree::RedistTree(const QString& root)
    : m_root(root)
{
    QDir().mkpath(root);
}

QString RedistTree::platformOf(const CudnnArchiveSpec& spec)
{
    return spec.isWindows() ? QStringLiteral("windows-x86_64") : QStringLiteral("linux-x86_64");
}

QString RedistTree::add(const CudnnArchiveSpec& spec)
{
    const QString platform = platformOf(spec);
    const QString relative = QStringLiteral("cudnn/%1/%2").arg(platform, spec.fileName());
    const QString path = m_root + QLatin1Char('/') + relative;
    QDir().mkpath(QFileInfo(path).absolutePath());
    spec.build().write(path);
    m_entries.append({spec.cudnn, platform, spec.cuda.section(QLatin1Char('.'), 0, 0).toInt(), relative});
    return path;
}

QString RedistTree::addBytes(const Version& cudnn, const QString& platform, int cudaMajor, const QByteArray& data)
{
    const QString name
        = QStringLiteral("cudnn-%1-%2_cuda%3-archive.%4")
              .arg(platform, cudnn.toString())
              .arg(cudaMajor)
              .arg(platform.startsWith(QLatin1String("windows")) ? QStringLiteral("zip") : QStringLiteral("tar.xz"));
    const QString relative = QStringLiteral("cudnn/%1/%2").arg(platform, name);
    const QString path = m_root + QLatin1Char('/') + relative;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size())
        qFatal("cannot write %s", qPrintable(path));
    m_entries.append({cudnn, platform, cudaMajor, relative});
    return path;
}

QString RedistTree::addExisting(const Version& cudnn, const QString& platform, int cudaMajor, const QString& relative)
{
    m_entries.append({cudnn, platform, cudaMajor, relative});
    return m_root + QLatin1Char('/') + relative;
}

QString RedistTree::relativePathOf(const QString& fileName) const
{
    for (const Entry& entry : m_entries) {
        if (QFileInfo(entry.relativePath).fileName() == fileName)
            return entry.relativePath;
    }
    return {};
}

void RedistTree::writeManifests() const
{
    QMap<QString, QList<Entry>> byRelease;
    for (const Entry& entry : m_entries)
        byRelease[entry.cudnn.truncated(3).toString()].append(entry);
    for (auto it = byRelease.cbegin(); it != byRelease.cend(); ++it) {
        QJsonObject cudnn{{QStringLiteral("name"), QStringLiteral("NVIDIA CUDA Deep Neural Network library")},
                          {QStringLiteral("license"), QStringLiteral("cudnn")},
                          {QStringLiteral("license_path"), QStringLiteral("cudnn/LICENSE.txt")},
                          {QStringLiteral("version"), it.value().first().cudnn.toString()}};
        QJsonArray variants;
        for (const Entry& entry : it.value()) {
            QFile file(m_root + QLatin1Char('/') + entry.relativePath);
            if (!file.open(QIODevice::ReadOnly))
                qFatal("cannot read %s", qPrintable(file.fileName()));
            QCryptographicHash sha(QCryptographicHash::Sha256);
            QCryptographicHash md5(QCryptographicHash::Md5);
            while (!file.atEnd()) {
                const QByteArray block = file.read(1 << 20);
                sha.addData(block);
                md5.addData(block);
            }
            QJsonObject platform = cudnn.value(entry.platform).toObject();
            platform.insert(QStringLiteral("cuda%1").arg(entry.cudaMajor),
                            QJsonObject{{QStringLiteral("relative_path"), entry.relativePath},
                                        {QStringLiteral("sha256"), QString::fromLatin1(sha.result().toHex())},
                                        {QStringLiteral("md5"), QString::fromLatin1(md5.result().toHex())},
                                        {QStringLiteral("size"), QString::number(file.size())}});
            cudnn.insert(entry.platform, platform);
            if (!variants.contains(QString::number(entry.cudaMajor)))
                variants.append(QString::number(entry.cudaMajor));
        }
        cudnn.insert(QStringLiteral("cuda_variant"), variants);
        const QJsonObject manifest{{QStringLiteral("release_date"), QStringLiteral("2026-01-01")},
                                   {QStringLiteral("release_label"), it.key()},
                                   {QStringLiteral("release_product"), QStringLiteral("cudnn")},
                                   {QStringLiteral("cudnn"), cudnn}};
        QFile out(m_root + QStringLiteral("/redistrib_%1.json").arg(it.key()));
        if (!out.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(out.fileName()));
        out.write(QJsonDocument(manifest).toJson());
    }
}
