#include "PythonEnvironmentFinder.h"

#include "DetectCode.h"
#include "PythonBuildFacts.h"
#include "host/BoundedFile.h"
#include "host/PathList.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>

namespace {

const QStringList CondaBaseNames{QStringLiteral("miniconda3"),
                                 QStringLiteral("anaconda3"),
                                 QStringLiteral("miniforge3"),
                                 QStringLiteral("mambaforge"),
                                 QStringLiteral("micromamba")};

QStringList subfolders(const QString& folder, const QStringList& nameFilters = {})
{
    QStringList found;
    const QDir dir(folder);
    for (const QString& name : dir.entryList(nameFilters, QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name))
        found.append(dir.filePath(name));
    return found;
}

std::optional<Version> versionFromStdlibFolder(const QString& name)
{
    static const QRegularExpression pattern(QStringLiteral("^python(\\d+\\.\\d+)t?$"));
    const auto match = pattern.match(name);
    if (!match.hasMatch())
        return std::nullopt;
    return Version::parse(match.captured(1));
}

/** pyvenv.cfg's "version = 3.11.4" (or "version_info = 3.11.4.final.0"), as major.minor. */
std::optional<Version> versionFromPyvenvCfg(const QString& file)
{
    static const QRegularExpression line(QStringLiteral("^\\s*version(?:_info)?\\s*=\\s*(\\d+)\\.(\\d+)"));
    for (const QByteArray& text : readBoundedFile(file, 64 * 1024).data.split('\n')) {
        const auto match = line.match(QString::fromUtf8(text));
        if (match.hasMatch())
            return Version::parse(match.captured(1) + QLatin1Char('.') + match.captured(2));
    }
    return std::nullopt;
}

/** The site-packages folder (Windows Lib/site-packages; else lib/pythonX.Y/site-packages, then dist-packages). */
QString findSitePackages(OsFlavor os, const QDir& root, std::optional<Version>& pythonVersion)
{
    if (os == OsFlavor::Windows) {
        const QString site = root.filePath(QStringLiteral("Lib/site-packages"));
        return QFileInfo(site).isDir() ? site : QString();
    }
    for (const QString& leaf : {QStringLiteral("site-packages"), QStringLiteral("dist-packages")}) {
        for (const QString& lib : {QStringLiteral("lib"), QStringLiteral("lib64")}) {
            const QDir libDir(root.filePath(lib));
            for (const QString& name :
                 libDir.entryList({QStringLiteral("python3*")}, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
                const QString site = libDir.filePath(name + QLatin1Char('/') + leaf);
                if (!QFileInfo(site).isDir())
                    continue;
                if (!pythonVersion)
                    pythonVersion = versionFromStdlibFolder(name);
                return site;
            }
        }
    }
    return {};
}

/** "<name>-<version>.dist-info": wheel names escape "-" inside the name as "_", so the first "-" ends it. */
void readPipDistributions(const QString& sitePackages, QList<PythonDistribution>& into)
{
    const QDir site(sitePackages);
    for (const QString& folder :
         site.entryList({QStringLiteral("*.dist-info")}, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QString stem = folder.chopped(int(qstrlen(".dist-info")));
        const int dash = int(stem.indexOf(QLatin1Char('-')));
        if (dash <= 0)
            continue;
        into.append(PythonDistribution{
            stem.left(dash), stem.mid(dash + 1), PythonDistribution::Installer::Pip, site.filePath(folder)});
    }
}

/** conda-meta/<name>-<version>-<build>.json: the name may hold "-", version and build do not. */
void readCondaDistributions(const QString& condaMeta, QList<PythonDistribution>& into, std::optional<Version>& python)
{
    const QDir meta(condaMeta);
    for (const QString& file : meta.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const QString stem = file.chopped(5);
        const int buildDash = int(stem.lastIndexOf(QLatin1Char('-')));
        const int versionDash = buildDash > 0 ? int(stem.lastIndexOf(QLatin1Char('-'), buildDash - 1)) : -1;
        if (versionDash <= 0)
            continue;
        PythonDistribution d{stem.left(versionDash),
                             stem.mid(versionDash + 1, buildDash - versionDash - 1),
                             PythonDistribution::Installer::Conda,
                             meta.filePath(file)};
        if (d.name == QLatin1String("python") && !python) {
            if (const auto v = Version::parse(d.version))
                python = v->truncated(2);
        }
        into.append(d);
    }
}

bool hasInterpreter(OsFlavor os, const QString& folder)
{
    const QDir dir(folder);
    if (os == OsFlavor::Windows)
        return dir.exists(QStringLiteral("python.exe"));
    return dir.exists(QStringLiteral("python3")) || dir.exists(QStringLiteral("python"));
}

} // namespace

PythonEnvironmentFinder::PythonEnvironmentFinder(const HostEnvironment& host)
    : m_host(host)
{
}

std::optional<PythonEnvironment>
PythonEnvironmentFinder::read(OsFlavor os, const QString& root, const QString& foundVia)
{
    const QFileInfo info(root);
    if (!info.isDir())
        return std::nullopt;
    PythonEnvironment env;
    env.root = info.canonicalFilePath();
    env.foundVia = foundVia;
    const QDir dir(env.root);
    const bool conda = dir.exists(QStringLiteral("conda-meta"));
    const bool venv = dir.exists(QStringLiteral("pyvenv.cfg"));
    if (venv)
        env.pythonVersion = versionFromPyvenvCfg(dir.filePath(QStringLiteral("pyvenv.cfg")));
    if (conda)
        readCondaDistributions(dir.filePath(QStringLiteral("conda-meta")), env.distributions, env.pythonVersion);
    env.sitePackages = findSitePackages(os, dir, env.pythonVersion);
    if (!env.sitePackages.isEmpty())
        readPipDistributions(env.sitePackages, env.distributions);

    const bool embedded = os == OsFlavor::Windows && !dir.entryList({QStringLiteral("python3*._pth")}).isEmpty();
    if (conda)
        env.kind = PythonEnvironment::Kind::Conda;
    else if (venv)
        env.kind = PythonEnvironment::Kind::Venv;
    else if (embedded)
        env.kind = PythonEnvironment::Kind::Embedded;
    else if (!env.sitePackages.isEmpty()
             || hasInterpreter(os, os == OsFlavor::Windows ? env.root : dir.filePath(QStringLiteral("bin"))))
        env.kind = PythonEnvironment::Kind::System;
    else
        return std::nullopt;

    std::stable_sort(env.distributions.begin(),
                     env.distributions.end(),
                     [](const PythonDistribution& a, const PythonDistribution& b) {
                         return a.normalizedName() < b.normalizedName();
                     });
    for (PythonDistribution& distribution : env.distributions)
        PythonBuildFacts::read(env.sitePackages, distribution);
    return env;
}

QList<QPair<QString, QString>> PythonEnvironmentFinder::candidates() const
{
    const OsFlavor os = m_host.os;
    QList<QPair<QString, QString>> found;
    const auto add = [&](const QString& root, const QString& via) { found.append({root, via}); };

    for (const QString& entry : PathList::split(os, m_host.variable(QStringLiteral("PATH")))) {
        if (!hasInterpreter(os, entry))
            continue;
        const QFileInfo folder(entry);
        // Linux: <prefix>/bin/python3; Windows: <prefix>\python.exe, a venv's <prefix>\Scripts\python.exe.
        const bool inSubfolder
            = os != OsFlavor::Windows || folder.fileName().compare(QLatin1String("Scripts"), Qt::CaseInsensitive) == 0;
        add(inSubfolder ? folder.absolutePath() : folder.absoluteFilePath(), QStringLiteral("PATH"));
    }
    for (const QString& root : m_host.pythonInstallRoots)
        add(root, QStringLiteral("registry"));

    const QString home = m_host.homeDirectory;
    if (home.isEmpty())
        return found;
    const QDir homeDir(home);
    const QByteArray registry
        = readBoundedFile(homeDir.filePath(QStringLiteral(".conda/environments.txt")), 1024 * 1024).data;
    for (const QByteArray& text : registry.split('\n')) {
        const QString line = QString::fromUtf8(text).trimmed();
        if (!line.isEmpty() && !line.startsWith(QLatin1Char('#')))
            add(line, QStringLiteral("environments.txt"));
    }
    for (const QString& base : CondaBaseNames) {
        const QString root = homeDir.filePath(base);
        add(root, QStringLiteral("home"));
        for (const QString& env : subfolders(QDir(root).filePath(QStringLiteral("envs"))))
            add(env, QStringLiteral("home"));
    }
    for (const QString& holder : {QStringLiteral(".virtualenvs"),
                                  QStringLiteral(".venvs"),
                                  QStringLiteral(".local/share/virtualenvs"),
                                  QStringLiteral(".pyenv/versions")}) {
        for (const QString& env : subfolders(homeDir.filePath(holder)))
            add(env, QStringLiteral("home"));
    }
    for (const QString& env : subfolders(home, {QStringLiteral("venv*"), QStringLiteral(".venv")}))
        add(env, QStringLiteral("home"));
    return found;
}

PythonEnvironmentFinder::Result PythonEnvironmentFinder::find(const QStringList& given) const
{
    Result result;
    QSet<QString> seen;
    const auto take = [&](const PythonEnvironment& env) {
        const QString key = m_host.os == OsFlavor::Windows ? env.root.toLower() : env.root;
        if (seen.contains(key))
            return;
        seen.insert(key);
        result.environments.append(env);
    };
    for (const QString& root : given) {
        if (const auto env = read(m_host.os, root, QStringLiteral("--python-env"))) {
            take(*env);
            continue;
        }
        result.diagnostics.append(
            Diagnostic::of(DetectCode::PythonEnvNotFound,
                           tr("%1 is not a Python environment: it has no pyvenv.cfg, no conda-meta folder and no "
                              "site-packages.")
                               .arg(displayPath(m_host.os, root)),
                           tr("Give the environment's root folder (the one holding pyvenv.cfg or conda-meta)."))
                .about(root));
    }
    QElapsedTimer clock;
    clock.start();
    const QList<QPair<QString, QString>> found = candidates();
    for (qsizetype i = 0; i < found.size(); ++i) {
        if (result.environments.size() >= MaxEnvironments || clock.elapsed() > DeadlineMs) {
            result.diagnostics.append(
                Diagnostic::of(DetectCode::PythonEnvsCapped,
                               tr("Detection stopped looking at Python environments after %n of them; %1 more "
                                  "were not looked at, so a framework in one of those is not judged.",
                                  nullptr,
                                  int(result.environments.size()))
                                   .arg(found.size() - i),
                               tr("Name the environment you care about with its folder, so it is read first."))
                    .about(found.at(i).first));
            break;
        }
        if (const auto env = read(m_host.os, found.at(i).first, found.at(i).second))
            take(*env);
    }
    return result;
}
