#include "ShellProfile.h"

#include "host/BoundedFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <optional>

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

namespace {

// A login file or an environment.d file is a few kilobytes; one larger is not read.
constexpr qint64 MaxStartupFileBytes = 1024 * 1024;

/** The one read of a user's start-up file: a regular file, opened without blocking, at most MaxStartupFileBytes. */
QByteArray readStartupFile(const QString& path)
{
    return readBoundedFile(path, MaxStartupFileBytes).whole();
}

/** Expands one shell word (quotes removed) against variables; nullopt for what the model does not follow. */
std::optional<QString> expandWord(const QString& word, const QMap<QString, QString>& variables)
{
    QString out;
    int i = 0;
    bool doubleQuoted = false;
    const auto isNameChar = [](QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); };
    while (i < word.size()) {
        const QChar c = word.at(i);
        if (c == QLatin1Char('`')
            || (c == QLatin1Char('$') && i + 1 < word.size() && word.at(i + 1) == QLatin1Char('(')))
            return std::nullopt; // a command substitution runs something: not followed
        if (c == QLatin1Char('\'') && !doubleQuoted) {
            const int end = word.indexOf(QLatin1Char('\''), i + 1);
            if (end < 0)
                return std::nullopt;
            out += word.mid(i + 1, end - i - 1);
            i = end + 1;
        } else if (c == QLatin1Char('"')) {
            doubleQuoted = !doubleQuoted;
            ++i;
        } else if (c == QLatin1Char('\\') && i + 1 < word.size()) {
            out += word.at(i + 1);
            i += 2;
        } else if (c == QLatin1Char('$')) {
            if (i + 1 < word.size() && word.at(i + 1) == QLatin1Char('{')) {
                // ${NAME}, ${NAME:+word}, ${NAME:-word}; the inner word may hold $NAME again
                int depth = 1;
                int end = i + 2;
                while (end < word.size() && depth > 0) {
                    if (word.at(end) == QLatin1Char('{'))
                        ++depth;
                    else if (word.at(end) == QLatin1Char('}'))
                        --depth;
                    ++end;
                }
                if (depth != 0)
                    return std::nullopt;
                const QString inner = word.mid(i + 2, end - i - 3);
                int nameEnd = 0;
                while (nameEnd < inner.size() && isNameChar(inner.at(nameEnd)))
                    ++nameEnd;
                const QString name = inner.left(nameEnd);
                const QString value = variables.value(name);
                const QString rest = inner.mid(nameEnd);
                if (rest.isEmpty()) {
                    out += value;
                } else if (rest.startsWith(QLatin1String(":+")) || rest.startsWith(QLatin1String(":-"))) {
                    const std::optional<QString> alternative = expandWord(rest.mid(2), variables);
                    if (!alternative)
                        return std::nullopt;
                    if (rest.at(1) == QLatin1Char('+'))
                        out += value.isEmpty() ? QString() : *alternative;
                    else
                        out += value.isEmpty() ? *alternative : value;
                } else {
                    return std::nullopt;
                }
                i = end;
            } else {
                int end = i + 1;
                while (end < word.size() && isNameChar(word.at(end)))
                    ++end;
                if (end == i + 1) {
                    out += c;
                    ++i;
                    continue;
                }
                out += variables.value(word.mid(i + 1, end - i - 1));
                i = end;
            }
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

} // namespace

void applyAssignments(const QByteArray& content, const QStringList& names, QMap<QString, QString>& variables)
{
    int depth = 0; // inside if/case/function bodies nothing is followed
    static const QRegularExpression assignment(QStringLiteral("^(?:export\\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$"));
    static const QRegularExpression opens(QStringLiteral("^(if|case|for|while|until)\\b|\\{\\s*$"));
    static const QRegularExpression closes(QStringLiteral("^(fi|esac|done)\\b|^\\}"));
    for (const QByteArray& raw : content.split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        if (closes.match(line).hasMatch()) {
            depth = std::max(0, depth - 1);
            continue;
        }
        if (opens.match(line).hasMatch()) {
            ++depth;
            continue;
        }
        if (depth > 0)
            continue;
        const QRegularExpressionMatch match = assignment.match(line);
        if (!match.hasMatch() || !names.contains(match.captured(1)))
            continue;
        QString value = match.captured(2);
        // A comment starts at a '#' after a blank, outside quotes.
        QChar quote;
        for (qsizetype at = 0; at < value.size(); ++at) {
            const QChar c = value.at(at);
            if (!quote.isNull()) {
                if (c == quote)
                    quote = QChar();
            } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
                quote = c;
            } else if (c == QLatin1Char('#') && at > 0 && value.at(at - 1).isSpace()) {
                value.truncate(at);
                break;
            }
        }
        if (const std::optional<QString> expanded = expandWord(value.trimmed(), variables))
            variables.insert(match.captured(1), *expanded);
    }
}

static QStringList environmentDFiles(const QString& home, const SystemRoot& root)
{
    // systemd's order of precedence, lowest first: a later folder's file replaces an earlier one of the same name.
    const QStringList folders{root.hostPath(QStringLiteral("/usr/lib/environment.d")),
                              root.hostPath(QStringLiteral("/usr/local/lib/environment.d")),
                              root.hostPath(QStringLiteral("/etc/environment.d")),
                              QDir(home).filePath(QStringLiteral(".config/environment.d"))};
    QMap<QString, QString> byName;
    for (const QString& folder : folders) {
        const QDir dir(folder);
        for (const QString& name : dir.entryList({QStringLiteral("*.conf")}, QDir::Files, QDir::Name))
            byName.insert(name, dir.filePath(name));
    }
    return byName.values(); // in name order
}

QStringList sessionFiles(const QString& home, const QString& loginShell, const SystemRoot& root)
{
    QStringList files{root.hostPath(QStringLiteral("/etc/environment"))};
    files += environmentDFiles(home, root);
    const LoginFile login = loginFile(home, loginShell, [](const QString& path) { return QFileInfo::exists(path); });
    if (!login.readByShell)
        return files;
    const QDir dir(home);
    if (login.shell == QLatin1String("zsh")) {
        files << root.hostPath(QStringLiteral("/etc/zsh/zshenv")) << dir.filePath(QStringLiteral(".zshenv"))
              << root.hostPath(QStringLiteral("/etc/zsh/zprofile")) << login.path
              << root.hostPath(QStringLiteral("/etc/zsh/zshrc")) << dir.filePath(QStringLiteral(".zshrc"));
        return files;
    }
    files << root.hostPath(QStringLiteral("/etc/profile"));
    if (login.shell == QLatin1String("bash"))
        files << root.hostPath(QStringLiteral("/etc/bash.bashrc"));
    const QDir profileD(root.hostPath(QStringLiteral("/etc/profile.d")));
    for (const QString& name : profileD.entryList({QStringLiteral("*.sh")}, QDir::Files, QDir::Name))
        files << profileD.filePath(name);
    files << login.path;
    if (login.shell == QLatin1String("bash"))
        files << dir.filePath(QStringLiteral(".bashrc"));
    return files;
}

/**
 * base with each of the sessionFiles applied in turn, a file of planned read as that content; after each file that
 * is applied, applied(file, the variables now) when given.
 */
static QMap<QString, QString>
applySessionFiles(const QString& home,
                  const QString& loginShell,
                  const SystemRoot& root,
                  QMap<QString, QString> base,
                  const QStringList& names,
                  const QMap<QString, QByteArray>& planned,
                  const std::function<void(const QString&, const QMap<QString, QString>&)>& applied = {})
{
    for (const QString& file : sessionFiles(home, loginShell, root)) {
        if (planned.contains(file))
            applyAssignments(planned.value(file), names, base);
        else if (QFileInfo(file).isFile())
            applyAssignments(readStartupFile(file), names, base);
        else
            continue;
        if (applied)
            applied(file, base);
    }
    return base;
}

QMap<QString, QString> loginVariables(const QString& home,
                                      const QString& loginShell,
                                      const SystemRoot& root,
                                      QMap<QString, QString> base,
                                      const QStringList& names,
                                      const QMap<QString, QByteArray>& planned)
{
    return applySessionFiles(home, loginShell, root, std::move(base), names, planned);
}

QString fileThatMakes(const QString& home,
                      const QString& loginShell,
                      const SystemRoot& root,
                      QMap<QString, QString> base,
                      const QStringList& names,
                      const std::function<bool(const QMap<QString, QString>&)>& holds)
{
    bool held = holds(base);
    QString made;
    applySessionFiles(home,
                      loginShell,
                      root,
                      std::move(base),
                      names,
                      {},
                      [&](const QString& file, const QMap<QString, QString>& now) {
                          const bool holdsNow = holds(now);
                          if (holdsNow && !held)
                              made = file;
                          held = holdsNow;
                      });
    return held ? made : QString();
}

} // namespace ShellProfile
