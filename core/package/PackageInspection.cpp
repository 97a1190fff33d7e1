#include "PackageInspection.h"

#include <QFileInfo>
#include <QJsonArray>

static QJsonValue versionJson(const std::optional<Version>& version)
{
    return version ? QJsonValue(version->toString()) : QJsonValue(QJsonValue::Null);
}

std::optional<int> PackageInspection::cudaMajor() const
{
    if (!cudaVersion)
        return std::nullopt;
    return cudaVersion->major();
}

const PackageFile* PackageInspection::fileAt(const QString& relativePath) const
{
    for (const PackageFile& f : files) {
        if (f.relativePath == relativePath)
            return &f;
    }
    return nullptr;
}

QJsonObject PackageInspection::toJson() const
{
    QJsonArray entries;
    for (const PackageFile& f : files) {
        QJsonObject e{{QStringLiteral("path"), f.entry.path},
                      {QStringLiteral("type"), archiveEntryTypeName(f.entry.type)},
                      {QStringLiteral("size"), f.contentSize},
                      {QStringLiteral("mode"), QString::number(f.entry.mode, 8)}};
        if (!f.sha256.isEmpty())
            e.insert(QStringLiteral("sha256"), f.sha256);
        if (!f.entry.linkTarget.isEmpty())
            e.insert(QStringLiteral("link_target"), f.entry.linkTarget);
        if (f.binary) {
            e.insert(QStringLiteral("binary"),
                     QJsonObject{{QStringLiteral("platform"), osFlavorName(f.binary->os)},
                                 {QStringLiteral("arch"), cpuArchName(f.binary->arch)},
                                 {QStringLiteral("machine"), f.binary->machine}});
        }
        entries.append(e);
    }
    QJsonArray chains;
    for (const QStringList& chain : linkChains)
        chains.append(chain.join(QStringLiteral(" -> ")));
    QJsonArray cudaReferences;
    for (int major : referencedCudaMajors)
        cudaReferences.append(major);

    QJsonObject checksum{{QStringLiteral("expected"), QJsonValue::Null}};
    if (expectedChecksum) {
        checksum = QJsonObject{{QStringLiteral("expected"), expectedChecksum->sha256},
                               {QStringLiteral("source"), expectedChecksum->source},
                               {QStringLiteral("verified"), expectedChecksum->sha256 == sha256}};
    }

    return QJsonObject{
        {QStringLiteral("file"), file},
        {QStringLiteral("file_name"), QFileInfo(file).fileName()},
        {QStringLiteral("size"), fileSize},
        {QStringLiteral("sha256"), sha256},
        {QStringLiteral("container"), archiveContainerName(container)},
        {QStringLiteral("read_completely"), readCompletely},
        {QStringLiteral("name_recognized"), name.has_value()},
        {QStringLiteral("cudnn_version"),
         cudnnVersion ? QJsonValue(cudnnVersion->truncated(3).toString()) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("cudnn_build"), name ? QJsonValue(name->cudnnVersion.toString()) : QJsonValue::Null},
        {QStringLiteral("cudnn_version_source"), cudnnVersionSource},
        {QStringLiteral("cuda_major"), cudaMajor() ? QJsonValue(*cudaMajor()) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("cuda_version"), versionJson(cudaVersion)},
        {QStringLiteral("cuda_version_source"), cudaVersionSource},
        {QStringLiteral("cuda_references"), cudaReferences},
        {QStringLiteral("platform"), platform ? QJsonValue(osFlavorName(*platform)) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("arch"), cpuArchName(arch)},
        {QStringLiteral("max_compute_capability"), versionJson(maxComputeCapability)},
        {QStringLiteral("top_folder"), topFolder},
        {QStringLiteral("layout"), PackageLayout::kindName(layout)},
        {QStringLiteral("libraries"), QJsonArray::fromStringList(libraries)},
        {QStringLiteral("missing_libraries"), QJsonArray::fromStringList(missingLibraries)},
        {QStringLiteral("link_chains"), chains},
        {QStringLiteral("checksum"), checksum},
        {QStringLiteral("entries"), entries},
        {QStringLiteral("diagnostics"), findingsToJson(findings)},
    };
}
