#include "CudnnFileSets.h"

#include "CompatResource.h"

#include <QJsonArray>

static QStringList fromStd(const std::vector<std::string>& names)
{
    QStringList list;
    for (const std::string& name : names)
        list.append(QString::fromStdString(name));
    return list;
}

static QStringList stringList(const QJsonValue& value)
{
    QStringList list;
    for (const QJsonValue& item : value.toArray())
        list.append(item.toString());
    return list;
}

const CudnnFileSets& CudnnFileSets::builtIn()
{
    static const CudnnFileSets sets = fromJson(CompatResource::load(QStringLiteral("cudnn-files.json")));
    return sets;
}

CudnnFileSets CudnnFileSets::fromJson(const QJsonObject& json)
{
    CudnnFileSets sets;
    for (const QJsonValue& value : json.value(QStringLiteral("majors")).toArray()) {
        const QJsonObject o = value.toObject();
        CudnnFileSet set;
        set.major = o.value(QStringLiteral("major")).toInt();
        set.linuxLibraries
            = fromStd(cudnnsetup::cudnnfacts::runtimeLibraries(set.major, cudnnLibraryNaming(OsFlavor::Linux)));
        set.windowsDlls
            = fromStd(cudnnsetup::cudnnfacts::runtimeLibraries(set.major, cudnnLibraryNaming(OsFlavor::Windows)));
        set.windowsImportLibraries = stringList(o.value(QStringLiteral("windows_import_libraries")));
        set.headers = stringList(o.value(QStringLiteral("headers")));
        set.versionHeader = o.value(QStringLiteral("version_header")).toString();
        set.source = o.value(QStringLiteral("source")).toString();
        sets.m_sets.append(set);
    }
    return sets;
}

std::optional<CudnnFileSet> CudnnFileSets::forMajor(int major) const
{
    for (const CudnnFileSet& set : m_sets) {
        if (set.major == major)
            return set;
    }
    return std::nullopt;
}

QList<int> CudnnFileSets::majors() const
{
    QList<int> list;
    for (const CudnnFileSet& set : m_sets)
        list.append(set.major);
    return list;
}

std::optional<int> CudnnFileSets::majorOfLibrary(const QString& fileName, OsFlavor os) const
{
    for (const CudnnFileSet& set : m_sets) {
        if (set.runtimeLibraries(os).contains(fileName, fileNameCase(os)))
            return set.major;
    }
    return std::nullopt;
}
