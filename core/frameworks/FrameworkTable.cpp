#include "FrameworkTable.h"

#include "compat/CompatResource.h"

#include <QJsonArray>
#include <QRegularExpression>

namespace {

FrameworkTable::CudnnSource sourceNamed(const QString& name)
{
    if (name == QLatin1String("wheel"))
        return FrameworkTable::CudnnSource::Wheel;
    if (name == QLatin1String("pip"))
        return FrameworkTable::CudnnSource::Pip;
    if (name == QLatin1String("pip-or-search-path"))
        return FrameworkTable::CudnnSource::PipOrSearchPath;
    if (name == QLatin1String("none"))
        return FrameworkTable::CudnnSource::None;
    return FrameworkTable::CudnnSource::SearchPath;
}

Version versionAt(const QJsonObject& row, const char* key)
{
    return Version::parse(row.value(QLatin1String(key)).toString()).value_or(Version{});
}

/** PEP 503: lower case, runs of "-", "_", "." as one "-". */
QString normalized(const QString& name)
{
    static const QRegularExpression runs(QStringLiteral("[-_.]+"));
    return name.toLower().replace(runs, QStringLiteral("-"));
}

} // namespace

bool FrameworkTable::Build::contains(const Version& version) const
{
    return !(version < from) && !(to < version.truncated(to.size()));
}

const FrameworkTable& FrameworkTable::builtIn()
{
    static const FrameworkTable table = fromJson(CompatResource::load(QStringLiteral("frameworks.json")));
    return table;
}

FrameworkTable FrameworkTable::fromJson(const QJsonObject& json)
{
    FrameworkTable table;
    for (const QJsonValue& value : json.value(QStringLiteral("load_rules")).toArray()) {
        const QJsonObject row = value.toObject();
        const bool sameMajor = row.value(QStringLiteral("rule")).toString() == QLatin1String("same-major");
        table.m_rules.append({row.value(QStringLiteral("package")).toString(),
                              sameMajor ? LoadRule::SameMajor : LoadRule::SameMajorMinorAtLeast});
    }
    for (const QJsonValue& value : json.value(QStringLiteral("aliases")).toArray()) {
        const QJsonObject row = value.toObject();
        table.m_aliases.append(
            {row.value(QStringLiteral("name")).toString(), row.value(QStringLiteral("package")).toString()});
    }
    for (const QJsonValue& value : json.value(QStringLiteral("platform_limits")).toArray()) {
        const QJsonObject row = value.toObject();
        const OsFlavor os = row.value(QStringLiteral("os")).toString() == QLatin1String("windows") ? OsFlavor::Windows
                                                                                                   : OsFlavor::Linux;
        table.m_limits.append({row.value(QStringLiteral("package")).toString(), versionAt(row, "from"), os});
    }
    for (const QJsonValue& value : json.value(QStringLiteral("install_commands")).toArray()) {
        const QJsonObject row = value.toObject();
        table.m_installs.append({row.value(QStringLiteral("package")).toString(),
                                 row.value(QStringLiteral("command")).toString(),
                                 Version::parse(row.value(QStringLiteral("cuda")).toString())});
    }
    for (const QJsonValue& value : json.value(QStringLiteral("builds")).toArray()) {
        const QJsonObject row = value.toObject();
        Build build;
        build.package = row.value(QStringLiteral("package")).toString();
        build.from = versionAt(row, "from");
        build.to = versionAt(row, "to");
        build.variant = row.value(QStringLiteral("variant")).toString();
        build.isDefault = row.value(QStringLiteral("default")).toBool();
        build.cuda = versionAt(row, "cuda");
        build.cudnn = versionAt(row, "cudnn");
        build.pipCudnn = row.value(QStringLiteral("pip_cudnn")).toString();
        build.linuxSource = sourceNamed(row.value(QStringLiteral("cudnn_linux")).toString());
        build.windowsSource = sourceNamed(row.value(QStringLiteral("cudnn_windows")).toString());
        build.source = row.value(QStringLiteral("source")).toString();
        build.install = row.value(QStringLiteral("install")).toString();
        table.m_builds.append(build);
    }
    return table;
}

QString FrameworkTable::packageFor(const QString& distribution) const
{
    const QString name = normalized(distribution);
    for (const auto& [alias, package] : m_aliases) {
        if (name == alias)
            return package;
    }
    for (const auto& [package, rule] : m_rules) {
        if (name == package)
            return package;
    }
    return {};
}

FrameworkTable::LoadRule FrameworkTable::ruleFor(const QString& package) const
{
    for (const auto& [name, rule] : m_rules) {
        if (name == package)
            return rule;
    }
    return LoadRule::SameMajorMinorAtLeast;
}

namespace {
/** PaddlePaddle marks its CUDA builds as post releases: "2.6.1.post120" is the CUDA 12.0 build of 2.6.1. */
const QRegularExpression& paddlePost()
{
    static const QRegularExpression pattern(QStringLiteral("^(.*)\\.(post1[0-9][0-9])$"));
    return pattern;
}
} // namespace

std::optional<Version> FrameworkTable::releaseOf(const QString& installedVersion)
{
    const QString release = installedVersion.section(QLatin1Char('+'), 0, 0);
    const auto post = paddlePost().match(release);
    return Version::parse(post.hasMatch() ? post.captured(1) : release);
}

QString FrameworkTable::variantOf(const QString& installedVersion)
{
    if (installedVersion.contains(QLatin1Char('+')))
        return installedVersion.section(QLatin1Char('+'), 1);
    const auto post = paddlePost().match(installedVersion);
    return post.hasMatch() ? post.captured(2) : QString();
}

QList<const FrameworkTable::Build*> FrameworkTable::buildsOf(const QString& package, const Version& release) const
{
    QList<const Build*> found;
    for (const Build& build : m_builds) {
        if (build.package == package && build.contains(release))
            found.append(&build);
    }
    return found;
}

QString FrameworkTable::installCommand(const Build& build, const Version& release) const
{
    QString command = build.install;
    if (command.isEmpty()) {
        for (const Install& install : m_installs) {
            if (install.package == build.package && !install.cuda)
                command = install.command;
        }
    }
    return command.replace(QLatin1String("{release}"), release.toString())
        .replace(QLatin1String("{variant}"), build.variant);
}

std::optional<QPair<Version, QString>> FrameworkTable::olderCudaInstall(const QString& package,
                                                                        const Version& release) const
{
    for (const Install& install : m_installs) {
        if (install.package == package && install.cuda)
            return QPair<Version, QString>{
                *install.cuda, QString(install.command).replace(QLatin1String("{release}"), release.toString())};
    }
    return std::nullopt;
}

const FrameworkTable::Build* FrameworkTable::buildFor(const QString& package, const QString& installedVersion) const
{
    const std::optional<Version> version = releaseOf(installedVersion);
    if (!version)
        return nullptr;
    const QString variant = variantOf(installedVersion);
    for (const Build& build : m_builds) {
        if (build.package == package && build.contains(*version)
            && (variant.isEmpty() ? build.isDefault : build.variant == variant))
            return &build;
    }
    return nullptr;
}

bool FrameworkTable::hasGpuBuild(const QString& package, const Version& version, OsFlavor os) const
{
    for (const Limit& limit : m_limits) {
        if (limit.package == package && limit.os == os && !(version < limit.from))
            return false;
    }
    return true;
}

std::optional<Version> FrameworkTable::lastGpuVersion(const QString& package, OsFlavor os) const
{
    for (const Limit& limit : m_limits) {
        if (limit.package != package || limit.os != os)
            continue;
        std::optional<Version> last;
        for (const Build& build : m_builds) {
            if (build.package == package && build.to < limit.from && (!last || *last < build.to))
                last = build.to;
        }
        return last;
    }
    return std::nullopt;
}

const FrameworkTable::Build*
FrameworkTable::nearestWithCudnnMajor(const QString& package, const Version& version, int major) const
{
    const Build* newer = nullptr; // the oldest above version
    const Build* older = nullptr; // the newest below it
    for (const Build& build : m_builds) {
        if (build.package != package || !build.isDefault || build.cudnn.major() != major)
            continue;
        if (build.from > version && (!newer || build.from < newer->from))
            newer = &build;
        if (build.to < version.truncated(build.to.size()) && (!older || older->to < build.to))
            older = &build;
    }
    return newer ? newer : older;
}
