#include "StagingArea.h"

#include "FileSystem.h"
#include "FileWriter.h"
#include "InstallCode.h"
#include "InstallLog.h"
#include "LinkFreePath.h"
#include "Preflight.h"
#include "package/MemberSize.h"

#include <QFile>
#include <QLocale>

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
        if (m_area.failed())
            return false;
        if (m_writer.size() + block.size() > m_entry.size)
            return m_area.fail(tr("%1 holds more bytes than the %2 it declares; it is no cuDNN member")
                                   .arg(m_entry.path)
                                   .arg(m_entry.size),
                               InstallCode::UnsafePackage);
        return m_writer.write(block) || m_area.fail(m_writer.errorString(), codeOf(m_writer));
    }
    bool finish() override
    {
        if (m_area.failed())
            return false;
        if (!m_writer.finish(FileWriter::installMode(m_entry.mode), m_entry.size, {}))
            return m_area.fail(m_writer.errorString(), codeOf(m_writer));
        InstallLog::to(m_area.m_log, tr("staged %1 (%2 bytes)").arg(m_entry.path).arg(m_writer.size()));
        return true;
    }

    static QString codeOf(const FileWriter& writer)
    {
        return writer.noSpace() ? InstallCode::NoSpace : InstallCode::WriteFailed;
    }

private:
    StagingArea& m_area;
    ArchiveEntry m_entry;
    FileWriter m_writer;
};

StagingArea::StagingArea(QString folder, InstallLog* log, SpaceProbe availableBytes)
    : m_folder(std::move(folder))
    , m_log(log)
    , m_availableBytes(std::move(availableBytes))
{
}

bool StagingArea::create(QString* error)
{
    if (LinkFreePath::exists(m_folder)) {
        *error = tr("%1 already exists").arg(m_folder);
        return false;
    }
    return LinkFreePath::makePath(m_folder, error);
}

QString StagingArea::nextName()
{
    return m_folder + QLatin1Char('/') + QString::number(++m_count).rightJustified(6, QLatin1Char('0'));
}

bool StagingArea::admits(const ArchiveEntry& entry, qint64 declared)
{
    const QString implausible = MemberSize::problem(entry.path, declared);
    if (!implausible.isEmpty())
        return fail(implausible, InstallCode::UnsafePackage);
    return fits(entry.path, declared);
}

bool StagingArea::fits(const QString& what, qint64 declared)
{
    const qint64 available = m_availableBytes ? m_availableBytes(m_folder) : -1;
    if (available >= 0 && declared + Preflight::margin(declared) > available) {
        const QLocale locale;
        return fail(tr("%1 declares %2, but the disk holding %3 has %4 free (less a margin); nothing of it was written")
                        .arg(what, locale.formattedDataSize(declared), m_folder, locale.formattedDataSize(available)),
                    InstallCode::NoSpace);
    }
    return true;
}

bool StagingArea::admitDirectory(const QList<ArchiveEntry>& declared)
{
    if (declared.isEmpty())
        return true; // a tar: each member is judged at its header
    qint64 total = 0;
    int files = 0;
    bool namesCudnn = false;
    for (const ArchiveEntry& entry : declared) {
        if (entry.type != ArchiveEntry::Type::File)
            continue;
        ++files;
        const QString implausible = MemberSize::problem(entry.path, entry.size);
        if (!implausible.isEmpty())
            return fail(implausible, InstallCode::UnsafePackage);
        total += entry.size;
        namesCudnn = namesCudnn
            || entry.path.section(QLatin1Char('/'), -1).contains(QLatin1String("cudnn"), Qt::CaseInsensitive);
    }
    if (!namesCudnn)
        return fail(tr("its directory lists %1 files and none is a cuDNN header or library, so it is no cuDNN "
                       "package; nothing of it was written")
                        .arg(files),
                    InstallCode::UnsafePackage);
    return fits(tr("the archive's directory"), total);
}

std::shared_ptr<EntrySink::Output> StagingArea::openFile(const ArchiveEntry& entry)
{
    if (!admits(entry, entry.size))
        return nullptr;
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
    if (!LinkFreePath::createSymlink(entry.linkTarget, path, &error))
        return fail(error);
    m_staged.insert(entry.path, path);
    return true;
}

bool StagingArea::addHardlink(const ArchiveEntry& entry, const ArchiveEntry& original)
{
    const QString from = m_staged.value(original.path);
    if (from.isEmpty() || LinkFreePath::kindOf(from) != FileSystem::Kind::File)
        return true; // a link to something not staged (a link, a folder): the verdict refuses the package
    if (!admits(entry, original.size))
        return false;
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
            return fail(writer.errorString(), StagedFile::codeOf(writer));
    }
    if (!writer.finish(FileWriter::installMode(original.mode), original.size, {}))
        return fail(writer.errorString(), StagedFile::codeOf(writer));
    m_staged.insert(entry.path, path);
    return true;
}

QString StagingArea::errorString() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_error;
}

QString StagingArea::errorCode() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_code.isEmpty() ? InstallCode::WriteFailed : m_code;
}

bool StagingArea::fail(const QString& error, const QString& code)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    if (!m_failed) {
        m_error = error;
        m_code = code;
        m_failed = true;
        InstallLog::to(m_log, error);
    }
    return false;
}
