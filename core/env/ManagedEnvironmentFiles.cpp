#include "ManagedEnvironmentFiles.h"

#include "env/EnvironmentLocations.h"
#include "env/EnvironmentStep.h"
#include "env/LinuxEnvironmentAnalysis.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace {

/** The files a Linux fix writes: the login profiles it may choose, environment.d's file, the machine's two files. */
QStringList managedFiles(const EnvironmentLocations& locations)
{
    QStringList files;
    if (!locations.homeDirectory.isEmpty()) {
        const QDir home(locations.homeDirectory);
        for (const char* name : {".profile", ".bash_profile", ".bash_login", ".zprofile"})
            files.append(home.filePath(QString::fromLatin1(name)));
        files.append(home.filePath(QString::fromLatin1(LinuxEnvironmentAnalysis::EnvironmentDConf)));
    }
    files.append(locations.systemRoot.hostPath(QString::fromLatin1(LinuxEnvironmentAnalysis::ProfileScript)));
    files.append(locations.systemRoot.hostPath(QString::fromLatin1(LinuxEnvironmentAnalysis::LoaderConf)));
    return files;
}

bool isOneOf(OsFlavor os, const QString& path, const QStringList& allowed)
{
    // Only a path written exactly as cudnn-setup writes it: no "..", no doubled separators to hide behind.
    if (QDir::cleanPath(QDir::fromNativeSeparators(path)) != QDir::fromNativeSeparators(path))
        return false;
    return std::any_of(allowed.cbegin(), allowed.cend(), [&](const QString& a) { return samePath(os, path, a); });
}

bool isManagedValueName(const QString& name)
{
    static const QRegularExpression versioned(QStringLiteral("^CUDA_PATH_V\\d+_\\d+$"),
                                              QRegularExpression::CaseInsensitiveOption);
    return name.compare(QLatin1String("Path"), Qt::CaseInsensitive) == 0
        || name.compare(QLatin1String("CUDA_PATH"), Qt::CaseInsensitive) == 0 || versioned.match(name).hasMatch();
}

} // namespace

QString ManagedEnvironmentFiles::problem(const EnvironmentStep& step, const EnvironmentLocations& locations)
{
    const OsFlavor os = locations.os();
    if (const auto* value = dynamic_cast<const RegistryValueStep*>(&step)) {
        return isManagedValueName(value->valueName())
            ? QString()
            : tr("it changes the variable %1, which cudnn-setup never writes").arg(value->valueName());
    }
    if (dynamic_cast<const FileEditStep*>(&step)) {
        return isOneOf(os, step.target(), managedFiles(locations))
            ? QString()
            : tr("it edits %1, which is not a file cudnn-setup writes").arg(step.target());
    }
    if (dynamic_cast<const SymlinkStep*>(&step)) {
        const QString link = locations.systemRoot.hostPath(QString::fromLatin1(LinuxEnvironmentAnalysis::CudaLinkPath));
        return isOneOf(os, step.target(), {link})
            ? QString()
            : tr("it points %1, which is not a link cudnn-setup manages").arg(step.target());
    }
    if (dynamic_cast<const RenameStep*>(&step)) {
        // A stray copy in the Windows folders, set aside beside itself.
        const QString from = step.beforeText();
        const QString folder = QFileInfo(from).absolutePath();
        const bool inSystemFolder = isOneOf(os, folder, locations.systemFolders());
        const bool aside = samePath(os, step.afterText(), RenameStep::quarantineName(from));
        return inSystemFolder && aside && from.endsWith(QLatin1String(".dll"), Qt::CaseInsensitive)
            ? QString()
            : tr("it renames %1, which is not a stray library cudnn-setup sets aside").arg(from);
    }
    return tr("it is a step of a kind cudnn-setup does not write");
}
