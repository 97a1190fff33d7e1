#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

/**
 * The installs this user made, kept in the user's config folder (<config>/cudnn-setup/installs.json): where each
 * went, so `--uninstall` finds a toolkit in a folder detection never looks in, and the search-path fix each wrote,
 * so taking one install back leaves another's fix as it is. A list that does not exist knows nothing: every fix
 * counts as still wanted, as before the list was kept.
 */
class UserInstallList
{
public:
    /** One file of the search-path fix as an install left it: a whole file's bytes, or a profile's marked block. */
    struct Fix
    {
        QString path;
        QByteArray bytes;
    };
    struct Entry
    {
        QString root; // the toolkit, canonical
        QList<Fix> fixes;
    };

    explicit UserInstallList(QString file);
    /** The list's file below a user's config folder. */
    static QString fileIn(const QString& configFolder);

    QString file() const { return m_file; }
    bool exists() const;
    QList<Entry> entries() const;
    QStringList roots() const;
    /** Adds root's entry, or replaces it (fixes given) or keeps its fixes (none given: the fix was in place). */
    bool record(const Entry& entry, QString* error);
    bool forget(const QString& root, QString* error);
    /** Whether a listed install wrote bytes at path: true too when there is no list to ask. */
    bool stillWanted(const QString& path, const QByteArray& bytes) const;

private:
    bool save(const QList<Entry>& entries, QString* error) const;

    QString m_file;
};
