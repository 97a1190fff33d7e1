#include "LdSoConf.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

namespace LdSoConf {

namespace {

class Reader
{
public:
    Reader(const SystemRoot& root, const PendingFiles& pending)
        : m_root(root)
        , m_pending(pending)
    {
    }

    void read(const QString& confPath)
    {
        if (m_visited.contains(confPath))
            return; // an include loop: ldconfig would warn and go on
        m_visited.insert(confPath);
        QByteArray content;
        if (m_pending.contains(confPath)) {
            content = m_pending.value(confPath);
        } else {
            QFile file(m_root.hostPath(confPath));
            if (!file.open(QIODevice::ReadOnly))
                return;
            content = file.readAll();
        }
        const QString confDir = QFileInfo(confPath).path();
        for (const QByteArray& rawLine : content.split('\n')) {
            QString line = QString::fromUtf8(rawLine);
            line.truncate(line.indexOf(QLatin1Char('#')) < 0 ? line.size() : line.indexOf(QLatin1Char('#')));
            line = line.trimmed();
            if (line.isEmpty())
                continue;
            static const QRegularExpression keyword(QStringLiteral("^(include|hwcap)\\s+(.*)$"));
            const QRegularExpressionMatch match = keyword.match(line);
            if (match.hasMatch()) {
                if (match.captured(1) == QLatin1String("include"))
                    include(confDir, match.captured(2));
                continue;
            }
            addDirectory(line, confPath);
        }
    }

    QList<SearchLocation> directories;

private:
    void include(const QString& confDir, const QString& patterns)
    {
        static const QRegularExpression spaces(QStringLiteral("\\s+"));
        for (const QString& pattern : patterns.split(spaces, Qt::SkipEmptyParts)) {
            const QString absolute = QDir::isAbsolutePath(pattern) ? pattern : confDir + QLatin1Char('/') + pattern;
            const QFileInfo info(absolute);
            const QDir hostDir(m_root.hostPath(info.path()));
            QStringList matches = hostDir.entryList({info.fileName()}, QDir::Files | QDir::System);
            const QRegularExpression glob(QRegularExpression::wildcardToRegularExpression(absolute));
            for (auto it = m_pending.cbegin(); it != m_pending.cend(); ++it) {
                if (glob.match(it.key()).hasMatch())
                    matches.append(QFileInfo(it.key()).fileName());
            }
            matches.removeDuplicates();
            std::sort(matches.begin(), matches.end()); // glob(3) order in the C locale: byte by byte
            for (const QString& name : matches)
                read(QDir::cleanPath(info.path() + QLatin1Char('/') + name));
        }
    }

    void addDirectory(const QString& line, const QString& confPath)
    {
        // One directory per line, as glibc's ldconfig reads it; a relative one is ignored there too.
        const QString directory = QDir::cleanPath(line);
        if (!directory.startsWith(QLatin1Char('/')) || m_seenDirs.contains(directory))
            return;
        m_seenDirs.insert(directory);
        SearchLocation location;
        location.origin = SearchOrigin::LdCache;
        location.directory = m_root.hostPath(directory);
        location.written = directory;
        location.source = confPath;
        directories.append(location);
    }

    const SystemRoot& m_root;
    const PendingFiles& m_pending;
    QSet<QString> m_visited;
    QSet<QString> m_seenDirs;
};

} // namespace

QList<SearchLocation> cacheDirectories(const SystemRoot& root, const PendingFiles& pending, const QString& confPath)
{
    Reader reader(root, pending);
    reader.read(confPath);
    return reader.directories;
}

QList<SearchLocation> defaultDirectories(const SystemRoot& root)
{
    QList<SearchLocation> directories;
    for (const char* directory :
         {"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64", "/usr/lib64", "/lib", "/usr/lib"}) {
        SearchLocation location;
        location.origin = SearchOrigin::DefaultDir;
        location.written = QString::fromLatin1(directory);
        location.directory = root.hostPath(location.written);
        directories.append(location);
    }
    return directories;
}

} // namespace LdSoConf
