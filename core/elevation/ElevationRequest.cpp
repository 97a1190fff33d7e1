#include "ElevationRequest.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

PathScope ElevationRequest::elevatedScope(PathScope requested)
{
    return requested == PathScope::Machine ? PathScope::Machine : PathScope::None;
}

QStringList ElevationRequest::arguments() const
{
    QStringList args{QStringLiteral("--silent"), QStringLiteral("--package"), package};
    if (!packageSha256
             .isEmpty()) // empty only when a caller pins nothing (the elevated run then judges the archive alone)
        args << QStringLiteral("--package-sha256") << packageSha256;
    args << QStringLiteral("--cuda-root") << cudaRoot << QStringLiteral("--path-scope") << pathScopeName(pathScope);
    if (!reportFile.isEmpty())
        args << QStringLiteral("--report") << reportFile;
    if (!logFile.isEmpty())
        args << QStringLiteral("--log") << logFile;
    if (!progressFile.isEmpty())
        args << QStringLiteral("--progress-file") << progressFile;
    if (!token.isEmpty())
        args << QStringLiteral("--elevation-token") << token;
    if (!language.isEmpty())
        args << QStringLiteral("--lang") << language;
    if (force)
        args << QStringLiteral("--force");
    args << QStringLiteral("--no-verify") << QStringLiteral("--no-benchmark");
    return args;
}

static bool isCanonical(const QString& path)
{
    return !path.isEmpty() && QFileInfo(path).isAbsolute() && QFileInfo(path).canonicalFilePath() == path;
}

QString ElevationRequest::validate() const
{
    if (!isCanonical(package) || !QFileInfo(package).isFile())
        return tr("the package must be an archive file named by its canonical path, not \"%1\"").arg(package);
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    if (!hex.match(packageSha256).hasMatch())
        return tr("the package's SHA-256 must be 64 lowercase hex digits");
    if (!isCanonical(cudaRoot) || !QFileInfo(cudaRoot).isDir())
        return tr("the toolkit must be a folder named by its canonical path, not \"%1\"").arg(cudaRoot);
    if (pathScope == PathScope::User)
        return tr("an elevated run never changes the invoking user's search path");
    for (const QString& file : {reportFile, logFile, progressFile}) {
        const QFileInfo info(file);
        if (!info.isAbsolute() || !isCanonical(info.path()) || info.fileName().isEmpty())
            return tr("\"%1\" must be a new file in a folder named by its canonical path").arg(file);
    }
    static const QRegularExpression token32(QStringLiteral("^[0-9a-f]{32}$"));
    if (!token32.match(token).hasMatch())
        return tr("the run's token must be 32 lowercase hex digits");
    return {};
}

static QString posixQuoted(const QString& argument)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (plain.match(argument).hasMatch())
        return argument;
    QString quoted = argument;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString windowsQuoted(const QString& argument)
{
    if (!argument.isEmpty() && !argument.contains(QRegularExpression(QStringLiteral("[ \t\n\v\"]"))))
        return argument;
    QString quoted = QStringLiteral("\"");
    int backslashes = 0;
    for (const QChar c : argument) {
        if (c == QLatin1Char('\\')) {
            ++backslashes;
            continue;
        }
        if (c == QLatin1Char('"'))
            quoted += QString(backslashes * 2 + 1, QLatin1Char('\\'));
        else
            quoted += QString(backslashes, QLatin1Char('\\'));
        backslashes = 0;
        quoted += c;
    }
    quoted += QString(backslashes * 2, QLatin1Char('\\'));
    return quoted + QLatin1Char('"');
}

QString commandLineText(OsFlavor os, const QString& program, const QStringList& arguments)
{
    QStringList words;
    const bool windows = os == OsFlavor::Windows;
    for (const QString& word : QStringList{windows ? QDir::toNativeSeparators(program) : program} + arguments)
        words.append(windows ? windowsQuoted(word) : posixQuoted(word));
    return words.join(QLatin1Char(' '));
}

QString pasteCommand(OsFlavor os, const QString& program, ElevationRequest request)
{
    request.reportFile.clear();
    request.logFile.clear();
    request.progressFile.clear();
    request.token.clear();
    request.language.clear();
    const QString line = commandLineText(os, program, request.arguments());
    return os == OsFlavor::Windows ? line : QStringLiteral("sudo ") + line;
}
