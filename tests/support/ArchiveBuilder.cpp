#include "ArchiveBuilder.h"

#include <QFile>
#include <QtTest>
#include <archive.h>
#include <archive_entry.h>
#include <lzma.h>
#include <quazip/quazip.h>
#include <quazip/quazipfile.h>
#include <quazip/quazipnewinfo.h>
#include <zlib.h>

ArchiveBuilder& ArchiveBuilder::file(const QString& path, const QByteArray& data, int mode)
{
    m_members.append({path, ArchiveEntry::Type::File, data, {}, mode});
    return *this;
}

ArchiveBuilder& ArchiveBuilder::dir(const QString& path)
{
    m_members.append({path, ArchiveEntry::Type::Directory, {}, {}, 0755});
    return *this;
}

ArchiveBuilder& ArchiveBuilder::symlink(const QString& path, const QString& target)
{
    m_members.append({path, ArchiveEntry::Type::Symlink, {}, target, 0777});
    return *this;
}

ArchiveBuilder& ArchiveBuilder::hardlink(const QString& path, const QString& target)
{
    m_members.append({path, ArchiveEntry::Type::Hardlink, {}, target, 0644});
    return *this;
}

ArchiveBuilder& ArchiveBuilder::device(const QString& path)
{
    m_members.append({path, ArchiveEntry::Type::Other, {}, QStringLiteral("chr"), 0600});
    return *this;
}

ArchiveBuilder& ArchiveBuilder::fifo(const QString& path)
{
    m_members.append({path, ArchiveEntry::Type::Other, {}, QStringLiteral("fifo"), 0600});
    return *this;
}

ArchiveBuilder& ArchiveBuilder::remove(const QString& path)
{
    m_members.removeIf([&](const Member& m) { return m.path == path; });
    return *this;
}

void ArchiveBuilder::write(const QString& path) const
{
    if (path.endsWith(QLatin1String(".zip")))
        writeZip(path);
    else
        writeTar(path, path.endsWith(QLatin1String(".xz")));
}

void ArchiveBuilder::writeZip(const QString& path) const
{
    QuaZip zip(path);
    if (!zip.open(QuaZip::mdCreate))
        qFatal("cannot create %s", qPrintable(path));
    for (const Member& m : m_members) {
        QuaZipNewInfo info(m.type == ArchiveEntry::Type::Directory && !m.path.endsWith(QLatin1Char('/'))
                               ? m.path + QLatin1Char('/')
                               : m.path);
        quint32 unixType = 0100000;
        if (m.type == ArchiveEntry::Type::Directory)
            unixType = 0040000;
        else if (m.type == ArchiveEntry::Type::Symlink)
            unixType = 0120000;
        else if (m.type != ArchiveEntry::Type::File)
            qFatal("a zip cannot hold %s", qPrintable(m.path));
        info.externalAttr = (unixType | quint32(m.mode)) << 16;
        QuaZipFile out(&zip);
        if (!out.open(QIODevice::WriteOnly, info, nullptr, 0, Z_DEFLATED, Z_DEFAULT_COMPRESSION))
            qFatal("cannot add %s", qPrintable(m.path));
        const QByteArray data = m.type == ArchiveEntry::Type::Symlink ? QFile::encodeName(m.linkTarget) : m.data;
        if (out.write(data) != data.size())
            qFatal("cannot write %s", qPrintable(m.path));
        out.close();
    }
    zip.close();
    if (zip.getZipError() != UNZ_OK)
        qFatal("cannot finish %s", qPrintable(path));
}

void ArchiveBuilder::writeTar(const QString& path, bool xz) const
{
    struct archive* a = archive_write_new();
    archive_write_set_format_pax_restricted(a);
    if (xz) {
        archive_write_add_filter_xz(a);
        // Test data is mostly noise: xz's fastest level packs it as small, in a fifth of the time.
        archive_write_set_filter_option(a, "xz", "compression-level", "1");
    } else {
        archive_write_add_filter_gzip(a);
    }
    if (archive_write_open_filename(a, QFile::encodeName(path).constData()) != ARCHIVE_OK)
        qFatal("cannot create %s: %s", qPrintable(path), archive_error_string(a));
    for (const Member& m : m_members) {
        struct archive_entry* e = archive_entry_new();
        archive_entry_set_pathname_utf8(e, m.path.toUtf8().constData());
        archive_entry_set_perm(e, mode_t(m.mode));
        archive_entry_set_mtime(e, 1700000000, 0);
        switch (m.type) {
        case ArchiveEntry::Type::File:
            archive_entry_set_filetype(e, AE_IFREG);
            archive_entry_set_size(e, m.data.size());
            break;
        case ArchiveEntry::Type::Directory:
            archive_entry_set_filetype(e, AE_IFDIR);
            break;
        case ArchiveEntry::Type::Symlink:
            archive_entry_set_filetype(e, AE_IFLNK);
            archive_entry_set_symlink_utf8(e, m.linkTarget.toUtf8().constData());
            break;
        case ArchiveEntry::Type::Hardlink:
            archive_entry_set_filetype(e, AE_IFREG);
            archive_entry_set_hardlink_utf8(e, m.linkTarget.toUtf8().constData());
            archive_entry_set_size(e, 0);
            break;
        case ArchiveEntry::Type::Other:
            archive_entry_set_filetype(e, m.linkTarget == QLatin1String("fifo") ? AE_IFIFO : AE_IFCHR);
            archive_entry_set_rdev(e, 0x0103);
            break;
        }
        if (archive_write_header(a, e) < ARCHIVE_WARN)
            qFatal("cannot add %s: %s", qPrintable(m.path), archive_error_string(a));
        if (m.type == ArchiveEntry::Type::File && !m.data.isEmpty()
            && archive_write_data(a, m.data.constData(), size_t(m.data.size())) != m.data.size())
            qFatal("cannot write %s: %s", qPrintable(m.path), archive_error_string(a));
        archive_entry_free(e);
    }
    if (archive_write_close(a) != ARCHIVE_OK)
        qFatal("cannot finish %s: %s", qPrintable(path), archive_error_string(a));
    archive_write_free(a);
}

void rewriteXzInBlocks(const QString& path, qint64 blockSize)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    const QByteArray packed = file.readAll();
    file.close();
    QByteArray plain(packed.size() * 8 + 1024 * 1024, Qt::Uninitialized);
    std::size_t in = 0;
    std::size_t out = 0;
    uint64_t memlimit = UINT64_MAX;
    if (lzma_stream_buffer_decode(&memlimit,
                                  0,
                                  nullptr,
                                  reinterpret_cast<const uint8_t*>(packed.constData()),
                                  &in,
                                  std::size_t(packed.size()),
                                  reinterpret_cast<uint8_t*>(plain.data()),
                                  &out,
                                  std::size_t(plain.size()))
        != LZMA_OK)
        qFatal("cannot decode %s", qPrintable(path));
    plain.truncate(qsizetype(out));

    lzma_mt options{};
    options.threads = 2;
    options.block_size = uint64_t(blockSize);
    options.preset = 1;
    options.check = LZMA_CHECK_CRC64;
    lzma_stream stream = LZMA_STREAM_INIT;
    if (lzma_stream_encoder_mt(&stream, &options) != LZMA_OK)
        qFatal("cannot start the xz encoder");
    QByteArray repacked(plain.size() + plain.size() / 2 + 64 * 1024, Qt::Uninitialized);
    stream.next_in = reinterpret_cast<const uint8_t*>(plain.constData());
    stream.avail_in = std::size_t(plain.size());
    stream.next_out = reinterpret_cast<uint8_t*>(repacked.data());
    stream.avail_out = std::size_t(repacked.size());
    lzma_ret status = LZMA_OK;
    while (status == LZMA_OK)
        status = lzma_code(&stream, LZMA_FINISH);
    if (status != LZMA_STREAM_END)
        qFatal("cannot encode %s", qPrintable(path));
    repacked.truncate(repacked.size() - qsizetype(stream.avail_out));
    lzma_end(&stream);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(repacked) != repacked.size())
        qFatal("cannot write %s", qPrintable(path));
}

namespace SyntheticBinary {

static void put16(QByteArray& b, int at, int value)
{
    b[at] = char(value & 0xFF);
    b[at + 1] = char((value >> 8) & 0xFF);
}

QByteArray elf(int machine, const QByteArray& payload)
{
    QByteArray b(64, '\0');
    b.replace(0,
              4,
              "\x7F"
              "ELF");
    b[4] = 2; // ELFCLASS64
    b[5] = 1; // little endian
    b[6] = 1; // EV_CURRENT
    put16(b, 16, 3); // ET_DYN
    put16(b, 18, machine);
    return b + payload;
}

QByteArray pe(int machine, const QByteArray& payload)
{
    constexpr int PeOffset = 0x80;
    QByteArray b(PeOffset + 24, '\0');
    b[0] = 'M';
    b[1] = 'Z';
    put16(b, 0x3C, PeOffset);
    b.replace(PeOffset, 4, QByteArray("PE\0\0", 4));
    put16(b, PeOffset + 4, machine);
    return b + payload;
}

QByteArray versionHeader(const Version& version, const QString& maxSm)
{
    QByteArray text = "/* synthetic cuDNN version header */\n#ifndef CUDNN_VERSION_H_\n#define CUDNN_VERSION_H_\n\n";
    text += "#define CUDNN_MAJOR " + QByteArray::number(version.major()) + "\n";
    text += "#define CUDNN_MINOR " + QByteArray::number(version.minor()) + "\n";
    text += "#define CUDNN_PATCHLEVEL " + QByteArray::number(version.patch()) + "\n\n";
    text += version.major() >= 9
        ? "#define CUDNN_VERSION (CUDNN_MAJOR * 10000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)\n"
        : "#define CUDNN_VERSION (CUDNN_MAJOR * 1000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)\n";
    if (!maxSm.isEmpty()) {
        const auto sm = Version::parse(maxSm);
        text += "#define CUDNN_MAX_SM_MAJOR_NUMBER " + QByteArray::number(sm->major()) + "\n";
        text += "#define CUDNN_MAX_SM_MINOR_NUMBER " + QByteArray::number(sm->minor()) + "\n";
    }
    return text + "\n#endif\n";
}

} // namespace SyntheticBinary

namespace {

QStringList subLibraries(int major)
{
    if (major >= 9)
        return {QStringLiteral("cudnn"),
                QStringLiteral("cudnn_graph"),
                QStringLiteral("cudnn_ops"),
                QStringLiteral("cudnn_cnn"),
                QStringLiteral("cudnn_adv"),
                QStringLiteral("cudnn_engines_precompiled"),
                QStringLiteral("cudnn_engines_runtime_compiled"),
                QStringLiteral("cudnn_heuristic")};
    if (major == 8)
        return {QStringLiteral("cudnn"),
                QStringLiteral("cudnn_ops_infer"),
                QStringLiteral("cudnn_ops_train"),
                QStringLiteral("cudnn_cnn_infer"),
                QStringLiteral("cudnn_cnn_train"),
                QStringLiteral("cudnn_adv_infer"),
                QStringLiteral("cudnn_adv_train")};
    return {QStringLiteral("cudnn")};
}

QStringList headers(int major)
{
    if (major >= 9)
        return {QStringLiteral("cudnn.h"),
                QStringLiteral("cudnn_adv.h"),
                QStringLiteral("cudnn_backend.h"),
                QStringLiteral("cudnn_cnn.h"),
                QStringLiteral("cudnn_graph.h"),
                QStringLiteral("cudnn_ops.h"),
                QStringLiteral("cudnn_version.h")};
    if (major == 8)
        return {QStringLiteral("cudnn.h"),
                QStringLiteral("cudnn_version.h"),
                QStringLiteral("cudnn_ops_infer.h"),
                QStringLiteral("cudnn_ops_train.h"),
                QStringLiteral("cudnn_cnn_infer.h"),
                QStringLiteral("cudnn_cnn_train.h"),
                QStringLiteral("cudnn_adv_infer.h"),
                QStringLiteral("cudnn_adv_train.h"),
                QStringLiteral("cudnn_backend.h")};
    return {QStringLiteral("cudnn.h")};
}

} // namespace

bool CudnnArchiveSpec::isWindows() const
{
    return layout != Layout::Legacy7Linux && layout != Layout::LinuxRedist;
}

QString CudnnArchiveSpec::fileName() const
{
    switch (layout) {
    case Layout::Legacy7Linux:
        return QStringLiteral("cudnn-%1-linux-x64-v%2.tgz").arg(cuda, cudnn.toString());
    case Layout::LegacyWindows:
        return QStringLiteral("cudnn-%1-windows10-x64-v%2.zip").arg(cuda, cudnn.toString());
    case Layout::LinuxRedist:
        return topFolder() + QStringLiteral(".tar.xz");
    default:
        return topFolder() + QStringLiteral(".zip");
    }
}

QString CudnnArchiveSpec::topFolder() const
{
    if (layout == Layout::Legacy7Linux || layout == Layout::LegacyWindows)
        return QStringLiteral("cuda");
    const QString arch = machine == SyntheticBinary::ElfAarch64 ? QStringLiteral("sbsa") : QStringLiteral("x86_64");
    return QStringLiteral("cudnn-%1-%2-%3_cuda%4-archive")
        .arg(isWindows() ? QStringLiteral("windows") : QStringLiteral("linux"), arch, cudnn.toString(), cuda);
}

ArchiveBuilder CudnnArchiveSpec::build() const
{
    const int major = cudnn.major();
    const QString top = topFolder() + QLatin1Char('/');
    ArchiveBuilder builder;
    builder.dir(top);
    const auto keep = [&](const QString& name) { return !omit.contains(name); };

    builder.dir(top + QStringLiteral("include/"));
    for (const QString& header : headers(major)) {
        if (!keep(header))
            continue;
        const bool versionHere = header == (major >= 8 ? QLatin1String("cudnn_version.h") : QLatin1String("cudnn.h"));
        builder.file(top + QStringLiteral("include/") + header,
                     versionHere ? SyntheticBinary::versionHeader(cudnn, maxSm)
                                 : QByteArray("/* ") + header.toUtf8() + " */\n");
    }

    if (!isWindows()) {
        const int elfMachine = machine ? machine : SyntheticBinary::ElfX86_64;
        const QString lib = top + (layout == Layout::Legacy7Linux ? QStringLiteral("lib64/") : QStringLiteral("lib/"));
        builder.dir(lib);
        const QString full = cudnn.truncated(3).toString();
        for (const QString& sub : subLibraries(major)) {
            const QString so = QStringLiteral("lib%1.so").arg(sub);
            const QString soname = QStringLiteral("%1.%2").arg(so).arg(major);
            if (!keep(soname))
                continue;
            builder.file(lib + so + QLatin1Char('.') + full,
                         SyntheticBinary::elf(elfMachine, sub.toUtf8() + '\0' + libraryPayload),
                         0755);
            builder.symlink(lib + soname, so + QLatin1Char('.') + full);
            builder.symlink(lib + so, soname);
        }
        builder.file(lib + QStringLiteral("libcudnn_static.a"), "!<arch>\n");
        builder.file(top
                         + (layout == Layout::Legacy7Linux ? QStringLiteral("NVIDIA_SLA_cuDNN_Support.txt")
                                                           : QStringLiteral("LICENSE")),
                     "licence text\n");
        return builder;
    }

    const int peMachine = machine ? machine : SyntheticBinary::PeAmd64;
    const QString bin = top + (layout == Layout::WindowsBinX64 ? QStringLiteral("bin/x64/") : QStringLiteral("bin/"));
    const QString lib = top + (layout == Layout::WindowsFlatLib ? QStringLiteral("lib/") : QStringLiteral("lib/x64/"));
    for (const QString& sub : subLibraries(major)) {
        const QString dll = QStringLiteral("%1_%2.dll").arg(sub + QStringLiteral("64")).arg(major);
        if (keep(dll))
            builder.file(bin + dll, SyntheticBinary::pe(peMachine, sub.toUtf8() + '\0' + libraryPayload));
        builder.file(lib + sub + QStringLiteral(".lib"), "!<arch>\n");
        if (major >= 8)
            builder.file(lib + QStringLiteral("%1_%2.lib").arg(sub + QStringLiteral("64")).arg(major), "!<arch>\n");
    }
    builder.file(top
                     + (layout == Layout::LegacyWindows ? QStringLiteral("NVIDIA_SLA_cuDNN_Support.txt")
                                                        : QStringLiteral("LICENSE")),
                 "licence text\n");
    return builder;
}

void truncateFile(const QString& path, qint64 keepBytes)
{
    QFile file(path);
    if (!file.resize(keepBytes))
        qFatal("cannot truncate %s", qPrintable(path));
}

void flipByte(const QString& path, qint64 offset)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite) || !file.seek(offset))
        qFatal("cannot open %s", qPrintable(path));
    char byte = 0;
    file.getChar(&byte);
    file.seek(offset);
    file.putChar(char(byte ^ 0x5A));
}

ArchiveBuilder withFakeCpuCudnn(const CudnnArchiveSpec& spec, const QString& fakesDir, const QString& scenario)
{
    const QString fakes = fakesDir.isEmpty() ? qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") : fakesDir;
    QFile fake(fakes + QLatin1Char('/') + scenario + QStringLiteral("/libcudnn.so.9"));
    if (!fake.open(QIODevice::ReadOnly))
        qFatal("the fake cuDNN was not built: %s", qPrintable(fake.fileName()));
    const QString dispatcher = spec.topFolder()
        + QStringLiteral("/lib/libcudnn.so.%1.%2.%3")
              .arg(spec.cudnn.major())
              .arg(spec.cudnn.minor())
              .arg(spec.cudnn.patch());
    ArchiveBuilder builder = spec.build();
    builder.remove(dispatcher);
    builder.file(dispatcher, fake.readAll(), 0755);
    return builder;
}
