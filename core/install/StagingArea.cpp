#include "StagingArea.h"

#include "FileSystem.h"
#include "FileWriter.h"
#include "InstallLog.h"

#include <QFile>

/** One member's content, written by the inspector's worker; a failure is the area's. */
class StagingArea::StagedFile final : public EntrySink::Output
{
public:
    StagedFile(StagingArea& area, const ArchiveEntry& entry)
        : m_area(area)
        , m_entry(entry)
        , m_writer(FileWriter::Hashing::Off)
    {
    }
    bool open(const QString& path) { return m_writer.open(path) || m_area.fail(m_writer.errorString()); }
    bool write(QByteArrayView block) override
    {
        return !m_area.failed() && (m_writer.write(block) || m_area.fail(m_writer.errorString()));
    }
    bool finish() override
    {
        if (m_area.failed())
            return false;
        if (!m_writer.finish(FileWriter::installMode(m_entry.mode), m_entry.size, {}))
            return m_area.fail(m_writer.errorString());
        InstallLog::to(m_area.m_log, tr("staged %1 (%2 bytes)").arg(m_entry.path).arg(m_writer.size()));
        return true;
    }

private:
    StagingArea& m_area;
    ArchiveEntry m_entry;
    FileWriter m_writer;
};

StagingArea::StagingArea(QString folder, InstallLog* log)
    : m_folder(std::move(folder))
    , m_log(log)
{
}

bool StagingArea::create(QString* error)
{
    if (FileSystem::exists(m_folder)) {
        *error = tr("%1 already exists").arg(m_folder);
        return false;
    }
    return FileSystem::makePath(m_folder, error);
}

QString StagingArea::nextName()
{
    return m_folder + QLatin1Char('/') + QString::number(++m_count).rightJustified(6, QLatin1Char('0'));
}

std::shared_ptr<EntrySink::Output> StagingArea::openFile(const ArchiveEntry& entry)
{
    auto file = std::make_shared<StagedFile>(*this, entry);
    const QString path = nextName();
    if (!file->open(path))
        return nullptr;
    m_staged.insert(entry.path, path);
    return file;
}

bool StagingArea::addSymlink(const ArchiveEntry& entry)
{
    const QString path = nextName();
    QString error;
    if (!FileSystem::createSymlink(entry.linkTarget, path, &error))
        return fail(error);
    m_staged.insert(entry.path, path);
    return true;
}

bool StagingArea::addHardlink(const ArchiveEntry& entry, const ArchiveEntry& original)
{
    const QString from = m_staged.value(original.path);
    if (from.isEmpty() || FileSystem::kindOf(from) != FileSystem::Kind::File)
        return true; // a link to something not staged (a link, a folder): the verdict refuses the package
    QFile source(from);
    if (!source.open(QIODevice::ReadOnly))
        return fail(tr("cannot read %1: %2").arg(from, source.errorString()));
    FileWriter writer(FileWriter::Hashing::Off);
    const QString path = nextName();
    if (!writer.open(path))
        return fail(writer.errorString());
    QByteArray block;
    while (!(block = source.read(1024 * 1024)).isEmpty()) {
        if (!writer.write(block))
            return fail(writer.errorString());
    }
    if (!writer.finish(FileWriter::installMode(original.mode), original.size, {}))
        return fail(writer.errorString());
    m_staged.insert(entry.path, path);
    return true;
}

QString StagingArea::errorString() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_error;
}

bool StagingArea::fail(const QString& error)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    if (!m_failed) {
        m_error = error;
        m_failed = true;
        InstallLog::to(m_log, error);
    }
    return false;
}
