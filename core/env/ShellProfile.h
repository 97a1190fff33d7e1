#pragma once

#include "env/SystemRoot.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>
#include <functional>

/**
 * The text side of a Linux user's environment: which file a login shell really reads, and our one marked block in
 * it. The block is replaced in place when present, so writing it twice changes nothing, and it can be taken out
 * again leaving every other line as it was.
 */
namespace ShellProfile {

inline constexpr char BeginMarker[] = "# >>> cudnn-setup >>>";
inline constexpr char EndMarker[] = "# <<< cudnn-setup <<<";

struct LoginFile
{
    QString path;
    QString shell; // "bash", "zsh", "sh", ...
    bool readByShell = true; // false: a shell (fish, csh) that reads none of the files we know how to write
};

/**
 * zsh: ~/.zprofile. bash: the first of ~/.bash_profile, ~/.bash_login, ~/.profile that exists (bash reads only
 * that one), else ~/.profile. sh, dash, ksh: ~/.profile. loginShell is a path or a name ("/usr/bin/zsh").
 */
LoginFile loginFile(const QString& home, const QString& loginShell, const std::function<bool(const QString&)>& exists);

/** content with our block holding body: the old block replaced in place, or the block appended at the end. */
QByteArray withBlock(const QByteArray& content, const QByteArray& body);
/** content without our block (and nothing else touched). */
QByteArray withoutBlock(const QByteArray& content);
bool hasBlock(const QByteArray& content);
/** Our block in content, markers included; empty when there is none. */
QByteArray blockOf(const QByteArray& content);
/** content with its block replaced by the block of from, or taken out when from has none (other lines kept). */
QByteArray withBlockOf(const QByteArray& content, const QByteArray& from);

/** POSIX sh lines that put directories first on PATH and LD_LIBRARY_PATH (what a login shell sources). */
QByteArray shellExports(const QStringList& toolDirs, const QStringList& libraryDirs);
/** The same for systemd's environment.d(5) (graphical sessions), which has its own ${VAR:+...} syntax. */
QByteArray environmentDLines(const QStringList& toolDirs, const QStringList& libraryDirs);

/**
 * The startup files a new login applies before a program started in one of its terminals runs, in that order, as
 * host paths (system files below root): pam_env's /etc/environment; systemd's environment.d folders (graphical
 * sessions: /usr/lib, /usr/local/lib, /etc, then the user's ~/.config/environment.d; a file replaces one of the same
 * name in an earlier folder, and all apply in name order); the login shell's system files and then the login file it
 * really reads (loginFile); and what each new terminal of that login reads (~/.bashrc, which Debian's ~/.profile
 * sources too; ~/.zshrc). A shell that reads none of these (fish, csh) gets the first two only.
 */
QStringList sessionFiles(const QString& home, const QString& loginShell, const SystemRoot& root);

/**
 * The variables of names a new login of the user gets: base (what the session starts with, before any file) with
 * the sessionFiles applied; a file in planned is read as that content instead (what a login gets once a planned edit
 * is made). Only plain top-level assignments are followed (`[export] NAME=value` with '…', "…",
 * $NAME, ${NAME}, ${NAME:+word} and ${NAME:-word}); a line inside an if, a function or a sourced file is not run, and
 * nothing of the user's is executed.
 */
QMap<QString, QString> loginVariables(const QString& home,
                                      const QString& loginShell,
                                      const SystemRoot& root,
                                      QMap<QString, QString> base,
                                      const QStringList& names,
                                      const QMap<QString, QByteArray>& planned = {});
/**
 * The file that gives a new login what holds looks for: of the sessionFiles applied to base in turn, the one after
 * which the variables last came to satisfy holds. Empty when the login's variables do not in the end, or base did
 * and no file changed that.
 */
QString fileThatMakes(const QString& home,
                      const QString& loginShell,
                      const SystemRoot& root,
                      QMap<QString, QString> base,
                      const QStringList& names,
                      const std::function<bool(const QMap<QString, QString>&)>& holds);
/** content's top-level assignments to names applied to variables, in order (see loginVariables). */
void applyAssignments(const QByteArray& content, const QStringList& names, QMap<QString, QString>& variables);

} // namespace ShellProfile
