#pragma once

#include "common/Version.h"
#include "package/ArchiveEntry.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

/**
 * Writes archives for tests: zip through QuaZip (links as Unix-mode entries, the way Info-ZIP stores them) and
 * tar.xz / tar.gz through libarchive's writer, which can also produce what no honest archive holds (devices, "..",
 * absolute paths, links out of their folder). Members are kept in the order they were added.
 */
class ArchiveBuilder
{
public:
    struct Member
    {
        QString path;
        ArchiveEntry::Type type = ArchiveEntry::Type::File;
        QByteArray data;
        QString linkTarget;
        int mode = 0644;
    };

    ArchiveBuilder& file(const QString& path, const QByteArray& data, int mode = 0644);
    ArchiveBuilder& dir(const QString& path);
    ArchiveBuilder& symlink(const QString& path, const QString& target);
    ArchiveBuilder& hardlink(const QString& path, const QString& target);
    ArchiveBuilder& device(const QString& path); // a character device (tar only)
    ArchiveBuilder& fifo(const QString& path); // tar only
    ArchiveBuilder& remove(const QString& path);

    const QList<Member>& members() const { return m_members; }

    /** By extension: .zip, .tar.xz, .tgz / .tar.gz. Fails the calling test on error. */
    void write(const QString& path) const;
    void writeZip(const QString& path) const;
    void writeTar(const QString& path, bool xz) const;

private:
    QList<Member> m_members;
};

/** Just enough of a shared library's first bytes for platform detection, followed by payload (e.g. names). */
namespace SyntheticBinary {
constexpr int ElfX86_64 = 62;
constexpr int ElfAarch64 = 183;
constexpr int ElfPpc64 = 21;
constexpr int PeAmd64 = 0x8664;
constexpr int PeArm64 = 0xAA64;

QByteArray elf(int machine, const QByteArray& payload = {});
QByteArray pe(int machine, const QByteArray& payload = {});
/** cudnn_version.h (8 on) or the version part of cudnn.h (7), with CUDNN_MAX_SM_* for 9.x when given. */
QByteArray versionHeader(const Version& version, const QString& maxSm = {});
} // namespace SyntheticBinary

/** A cuDNN archive of one era, as NVIDIA lays it out, with synthetic libraries. */
struct CudnnArchiveSpec
{
    enum class Layout {
        Legacy7Linux, // cuda/include + cuda/lib64, tgz (7.x)
        LegacyWindows, // cuda/bin + cuda/include + cuda/lib/x64, zip (7.x-8.2)
        WindowsFlatLib, // <name>/bin + include + lib (flat), zip (8.3-8.4)
        WindowsLibX64, // <name>/bin + include + lib/x64, zip (8.5-9.17)
        WindowsBinX64, // <name>/bin/x64 + include + lib/x64, zip (9.18 on)
        LinuxRedist, // <name>/include + lib with symlink chains, tar.xz (8.3 on)
    };

    Layout layout = Layout::LinuxRedist;
    Version cudnn{9, 19, 0, 56};
    QString cuda = QStringLiteral("13"); // as the name writes it: "13", "11.5", "10.2"
    int machine = 0; // 0: x86-64 for the layout's OS
    QStringList omit; // library or header names left out
    QByteArray libraryPayload; // appended to every library (e.g. "libcublasLt.so.13")
    QString maxSm; // 9.x header's CUDNN_MAX_SM_*, e.g. "12.1"

    bool isWindows() const;
    /** NVIDIA's file name for this build. */
    QString fileName() const;
    /** The top folder inside: "cuda" or the name without extension. */
    QString topFolder() const;
    ArchiveBuilder build() const;
};

/**
 * spec's archive (Linux layout) whose dispatcher libcudnn.so.<major>.<minor>.<patch> is the test tree's CPU-backed
 * fake cuDNN (fakes/cpu-cudnn under CUDNN_SETUP_FAKES_DIR, or fakesDir): once installed, it loads and convolves,
 * so a whole install can be followed by a real benchmark run over the fake machine. `scenario`: another benchmark
 * scenario's cuDNN (cudnn-slow: each convolution takes 15 ms longer).
 */
ArchiveBuilder withFakeCpuCudnn(const CudnnArchiveSpec& spec,
                                const QString& fakesDir = {},
                                const QString& scenario = QStringLiteral("cpu-cudnn"));

/**
 * Compresses an .xz file again in blocks of blockSize, the way `xz -T0` writes them, so that liblzma's multi-threaded
 * decoder has blocks to share out.
 */
void rewriteXzInBlocks(const QString& path, qint64 blockSize);

/** Damage for integrity tests. */
void truncateFile(const QString& path, qint64 keepBytes);
void flipByte(const QString& path, qint64 offset);
