#include "ShellProfile.h"

#include <QDir>
#include <QFileInfo>

namespace ShellProfile {

LoginFile loginFile(const QString& home, const QString& loginShell, const std::function<bool(const QString&)>& exists)
{
    const QDir dir(home);
    LoginFile file;
    file.shell = QFileInfo(loginShell).fileName();
    if (file.shell.isEmpty())
        file.shell = QStringLiteral("sh");
    if (file.shell == QLatin1String("zsh")) {
        file.path = dir.filePath(QStringLiteral(".zprofile"));
        return file;
    }
    file.path = dir.filePath(QStringLiteral(".profile"));
    if (file.shell == QLatin1String("bash")) {
        for (const char* name : {".bash_profile", ".bash_login", ".profile"}) {
            const QString candidate = dir.filePath(QString::fromLatin1(name));
            if (exists(candidate)) {
                file.path = candidate;
                break;
            }
        }
        return file;
    }
    static const QStringList readsProfile{
        QStringLiteral("sh"), QStringLiteral("dash"), QStringLiteral("ksh"), QStringLiteral("mksh")};
    file.readByShell = readsProfile.contains(file.shell);
    return file;
}

/** [begin, end) of the block's lines, end including the end marker's newline; {-1, -1} if there is none. */
static std::pair<qsizetype, qsizetype> blockSpan(const QByteArray& content)
{
    qsizetype lineStart = 0;
    qsizetype begin = -1;
    while (lineStart < content.size()) {
        qsizetype lineEnd = content.indexOf('\n', lineStart);
        const qsizetype next = lineEnd < 0 ? content.size() : lineEnd + 1;
        const QByteArray line = content.mid(lineStart, (lineEnd < 0 ? content.size() : lineEnd) - lineStart).trimmed();
        if (begin < 0 && line == BeginMarker)
            begin = lineStart;
        else if (begin >= 0 && line == EndMarker)
            return {begin, next};
        lineStart = next;
    }
    return {-1, -1};
}

bool hasBlock(const QByteArray& content)
{
    return blockSpan(content).first >= 0;
}

/** content with block in place of its own block, or block appended at the end when it has none. */
static QByteArray withBlockText(const QByteArray& content, const QByteArray& block)
{
    const auto [begin, end] = blockSpan(content);
    if (begin >= 0)
        return content.left(begin) + block + content.mid(end);
    QByteArray result = content;
    if (!result.isEmpty() && !result.endsWith('\n'))
        result += '\n';
    return result + block;
}

QByteArray withBlock(const QByteArray& content, const QByteArray& body)
{
    QByteArray block = QByteArray(BeginMarker) + '\n' + body;
    if (!block.endsWith('\n'))
        block += '\n';
    block += QByteArray(EndMarker) + '\n';
    return withBlockText(content, block);
}

QByteArray withoutBlock(const QByteArray& content)
{
    const auto [begin, end] = blockSpan(content);
    if (begin < 0)
        return content;
    return content.left(begin) + content.mid(end);
}

QByteArray blockOf(const QByteArray& content)
{
    const auto [begin, end] = blockSpan(content);
    return begin < 0 ? QByteArray() : content.mid(begin, end - begin);
}

QByteArray withBlockOf(const QByteArray& content, const QByteArray& from)
{
    const QByteArray block = blockOf(from);
    return block.isEmpty() ? withoutBlock(content) : withBlockText(content, block);
}

static QByteArray joined(const QStringList& dirs)
{
    return dirs.join(QLatin1Char(':')).toUtf8();
}

/** Single quotes keep a path literal for sh; a quote inside one is closed, escaped and reopened. */
static QByteArray shellQuoted(const QStringList& dirs)
{
    return "'" + joined(dirs).replace("'", "'\\''") + "'";
}

QByteArray shellExports(const QStringList& toolDirs, const QStringList& libraryDirs)
{
    QByteArray lines = "# Written by cudnn-setup: the chosen CUDA toolkit and its cuDNN come first. Remove this block "
                       "(markers included) to undo.\n";
    if (!toolDirs.isEmpty())
        lines += "export PATH=" + shellQuoted(toolDirs) + "\"${PATH:+:$PATH}\"\n";
    if (!libraryDirs.isEmpty())
        lines += "export LD_LIBRARY_PATH=" + shellQuoted(libraryDirs) + "\"${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\"\n";
    return lines;
}

QByteArray environmentDLines(const QStringList& toolDirs, const QStringList& libraryDirs)
{
    QByteArray lines = "# Written by cudnn-setup for graphical sessions (systemd environment.d); delete the file to "
                       "undo.\n";
    if (!toolDirs.isEmpty())
        lines += "PATH=" + joined(toolDirs) + "${PATH:+:$PATH}\n";
    if (!libraryDirs.isEmpty())
        lines += "LD_LIBRARY_PATH=" + joined(libraryDirs) + "${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\n";
    return lines;
}

} // namespace ShellProfile
