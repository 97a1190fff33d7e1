// cudnn-setup-package-bench [ARCHIVE]
//   ARCHIVE        a cuDNN .tar.xz/.zip to inspect
//   --make FILE    first pack the real cuDNN files of $CUDA (default /usr/local/cuda-13.0) into FILE (.tar.xz,
//                  NVIDIA's 9.x layout with symlink chains), then inspect it
//   --inspect-only ARCHIVE   inspect and print, without running xz (for hyperfine)
//   --sha256 FILE  hash FILE with the program's Sha256 and with QCryptographicHash, 1 MiB reads, print both rates
// Prints inspection time, throughput and peak RSS, then `xz -dc FILE > /dev/null` on the same file.

#include "package/PackageInspector.h"
#include "package/Sha256.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <archive.h>
#include <archive_entry.h>
#include <cstdio>
#include <sys/resource.h>

namespace {

double cpuSeconds(int who)
{
    rusage usage{};
    getrusage(who, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

double peakRssMiB(int who)
{
    rusage usage{};
    getrusage(who, &usage);
    return double(usage.ru_maxrss) / 1024.0; // ru_maxrss is in KiB on Linux
}

bool addEntry(struct archive* a, const QString& path, const QString& linkTarget, const QString& sourceFile)
{
    struct archive_entry* e = archive_entry_new();
    archive_entry_set_pathname_utf8(e, path.toUtf8().constData());
    archive_entry_set_mtime(e, 1700000000, 0);
    QFile source(sourceFile);
    if (!linkTarget.isEmpty()) {
        archive_entry_set_filetype(e, AE_IFLNK);
        archive_entry_set_perm(e, 0777);
        archive_entry_set_symlink_utf8(e, linkTarget.toUtf8().constData());
    } else {
        if (!source.open(QIODevice::ReadOnly))
            return false;
        archive_entry_set_filetype(e, AE_IFREG);
        archive_entry_set_perm(e, 0644);
        archive_entry_set_size(e, source.size());
    }
    bool ok = archive_write_header(a, e) == ARCHIVE_OK;
    QByteArray buffer(1024 * 1024, Qt::Uninitialized);
    qint64 n = 0;
    while (ok && linkTarget.isEmpty() && (n = source.read(buffer.data(), buffer.size())) > 0)
        ok = archive_write_data(a, buffer.constData(), size_t(n)) == n;
    archive_entry_free(e);
    return ok;
}

/** NVIDIA's 9.x tar.xz layout from a toolkit's real cuDNN files: include/cudnn*.h, lib/libX.so -> .so.9 -> .so.9.y.z.
 */
bool makeArchive(const QString& cudaRoot, const QString& out)
{
    const QString top = QFileInfo(out).fileName().remove(QStringLiteral(".tar.xz")) + QLatin1Char('/');
    struct archive* a = archive_write_new();
    archive_write_set_format_pax_restricted(a);
    archive_write_add_filter_xz(a);
    archive_write_set_filter_option(a, "xz", "compression-level", "6");
    if (archive_write_open_filename(a, QFile::encodeName(out).constData()) != ARCHIVE_OK)
        return false;
    bool ok = true;
    const QDir include(cudaRoot + QStringLiteral("/include"));
    for (const QString& h : include.entryList({QStringLiteral("cudnn*.h")}, QDir::Files, QDir::Name))
        ok = ok && addEntry(a, top + QStringLiteral("include/") + h, {}, include.filePath(h));
    const QDir lib(cudaRoot + QStringLiteral("/lib"));
    for (const QString& so : lib.entryList({QStringLiteral("libcudnn*.so.9")}, QDir::Files, QDir::Name)) {
        const QString base = so.chopped(2); // libcudnn_x.so
        std::fprintf(stderr, "packing %s\n", qPrintable(so));
        ok = ok && addEntry(a, top + QStringLiteral("lib/") + base + QStringLiteral(".9.19.0"), {}, lib.filePath(so))
            && addEntry(a, top + QStringLiteral("lib/") + so, base + QStringLiteral(".9.19.0"), {})
            && addEntry(a, top + QStringLiteral("lib/") + base, so, {});
    }
    ok = archive_write_close(a) == ARCHIVE_OK && ok;
    archive_write_free(a);
    return ok;
}

/** Reads FILE in 1 MiB pieces into hasher.addData(); returns the seconds it took (the file is in the page cache:
 * the first pass warms it). */
template <typename Hasher> double timeHash(const QString& path, Hasher& hasher, QByteArray& digest)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    QByteArray buffer(1024 * 1024, Qt::Uninitialized);
    QElapsedTimer timer;
    timer.start();
    qint64 n = 0;
    while ((n = file.read(buffer.data(), buffer.size())) > 0)
        hasher.addData(QByteArrayView(buffer.constData(), n));
    digest = hasher.result().toHex();
    return timer.nsecsElapsed() / 1e9;
}

int hashFile(const QString& path)
{
    const double mb = QFileInfo(path).size() / 1e6;
    QByteArray ours, qt;
    Sha256 warm;
    if (timeHash(path, warm, ours) < 0) {
        std::fprintf(stderr, "cannot read %s\n", qPrintable(path));
        return 2;
    }
    Sha256 sha;
    const double oursSeconds = timeHash(path, sha, ours);
    QCryptographicHash reference(QCryptographicHash::Sha256);
    const double qtSeconds = timeHash(path, reference, qt);
    std::printf("file              %s, %.0f MB\n", qPrintable(path), mb);
    std::printf("Sha256 (%s) %.2f s, %.0f MB/s\n", Sha256::implementation(), oursSeconds, mb / oursSeconds);
    std::printf("QCryptographicHash %.2f s, %.0f MB/s\n", qtSeconds, mb / qtSeconds);
    std::printf("digests           %s\n", ours == qt ? "equal" : "DIFFER");
    return ours == qt ? 0 : 1;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    QString archive;
    const bool inspectOnly = args.size() == 2 && args.first() == QLatin1String("--inspect-only");
    if (args.size() == 2 && args.first() == QLatin1String("--sha256"))
        return hashFile(args.at(1));
    if (inspectOnly) {
        archive = args.at(1);
    } else if (args.size() == 2 && args.first() == QLatin1String("--make")) {
        archive = args.at(1);
        const QString cuda = qEnvironmentVariable("CUDA", QStringLiteral("/usr/local/cuda-13.0"));
        QElapsedTimer packing;
        packing.start();
        if (!makeArchive(cuda, archive)) {
            std::fprintf(stderr, "cannot pack the cuDNN files of %s into %s\n", qPrintable(cuda), qPrintable(archive));
            return 2;
        }
        std::printf("packed %s in %.1f s\n", qPrintable(archive), packing.elapsed() / 1000.0);
    } else if (args.size() == 1) {
        archive = args.first();
    } else {
        std::fprintf(
            stderr,
            "usage: cudnn-setup-package-bench ARCHIVE | --inspect-only ARCHIVE | --make FILE.tar.xz | --sha256 FILE\n");
        return 2;
    }

    const double rssBefore = peakRssMiB(RUSAGE_SELF);
    const double cpuBefore = cpuSeconds(RUSAGE_SELF);
    QElapsedTimer timer;
    timer.start();
    const PackageInspection inspection = PackageInspector().inspect(archive);
    const double seconds = timer.elapsed() / 1000.0;
    const double cpu = cpuSeconds(RUSAGE_SELF) - cpuBefore;
    const double rssAfter = peakRssMiB(RUSAGE_SELF);

    qint64 uncompressed = 0;
    for (const PackageFile& f : inspection.files)
        uncompressed += f.entry.size;
    const double mib = 1024.0 * 1024.0;
    std::printf("archive           %s\n", qPrintable(inspection.file));
    std::printf("size              %.1f MiB compressed, %.1f MiB of entries, %lld entries\n",
                inspection.fileSize / mib,
                uncompressed / mib,
                static_cast<long long>(inspection.files.size()));
    std::printf("read completely   %s; cuDNN %s for CUDA %s, sha256 %s\n",
                inspection.readCompletely ? "yes" : "NO",
                inspection.cudnnVersion ? qPrintable(inspection.cudnnVersion->toString()) : "?",
                inspection.cudaVersion ? qPrintable(inspection.cudaVersion->toString()) : "?",
                qPrintable(inspection.sha256));
    std::printf("inspection        %.2f s wall, %.2f s CPU (%.0f MiB/s of entries)\n",
                seconds,
                cpu,
                uncompressed / mib / seconds);
    std::printf("peak RSS          %.1f MiB (%.1f MiB before inspecting)\n", rssAfter, rssBefore);

    if (inspectOnly)
        return inspection.readCompletely ? 0 : 1;
    if (QProcess::execute(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("command -v xz >/dev/null")})
        != 0) {
        std::printf("xz -dc            (xz not installed)\n");
        return inspection.readCompletely ? 0 : 1;
    }
    // The child's peak RSS is not reported: a forked child starts out with this process's pages counted.
    const double childCpuBefore = cpuSeconds(RUSAGE_CHILDREN);
    timer.restart();
    QProcess::execute(QStringLiteral("sh"),
                      {QStringLiteral("-c"), QStringLiteral("xz -dc -- \"$0\" > /dev/null"), archive});
    const double xzSeconds = timer.elapsed() / 1000.0;
    const double xzCpu = cpuSeconds(RUSAGE_CHILDREN) - childCpuBefore;
    std::printf("xz -dc > /dev/null %.2f s wall, %.2f s CPU\n", xzSeconds, xzCpu);
    std::printf("ratio             %.2fx of xz (wall), %.2fx (CPU)\n", seconds / xzSeconds, cpu / xzCpu);
    return inspection.readCompletely ? 0 : 1;
}
