// core/binary read from bytes: ELF against the machine's real cuDNN 9.19 libraries and the built fakes, PE against
// real DLLs cross-compiled by mingw-w64 in the test build, the glibc loader cache, and every one of them truncated
// and corrupted (a parser fed hostile bytes must answer "cannot read", never crash or read outside the buffer).
#include "binary/BinaryKind.h"
#include "binary/ElfImage.h"
#include "binary/LoaderCache.h"
#include "binary/PeImage.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QtTest>
#include <algorithm>

using namespace cudnnsetup::binary;

namespace {

const QString kRealCudnnDir = QStringLiteral("/usr/local/cuda-13.0/lib");

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

std::optional<ElfImage> elfFromFile(const QString& path)
{
    const auto source = FileSource::open(path.toStdString());
    return source ? parseElf(*source) : std::nullopt;
}

std::vector<std::string> strings(const QStringList& list)
{
    std::vector<std::string> out;
    for (const QString& s : list)
        out.push_back(s.toStdString());
    return out;
}

bool contains(const std::vector<std::string>& list, const char* item)
{
    return std::find(list.begin(), list.end(), item) != list.end();
}

/** x86_64 ELF shared objects and their facts, read from readelf -d on the CI machine (2026-11). */
const QStringList kSubLibraryRunpath{QStringLiteral("$ORIGIN"),
                                     QStringLiteral("$ORIGIN/../../cublas/lib"),
                                     QStringLiteral("$ORIGIN/../../cuda_nvrtc/lib"),
                                     QStringLiteral("$ORIGIN/../../cu13/lib")};

/**
 * 3000 rounds of 1 to 16 random bytes written over @p bytes, every other round within the first @p headerSpan
 * bytes (where the headers are), each copy handed to @p parse: whatever it makes of them, it must not crash.
 */
template <typename Parse> void parseCorrupted(const QByteArray& bytes, quint32 seed, int headerSpan, Parse parse)
{
    QRandomGenerator random(seed);
    QByteArray corrupted;
    for (int round = 0; round < 3000; ++round) {
        corrupted = bytes;
        const int flips = 1 + int(random.bounded(16));
        for (int i = 0; i < flips; ++i) {
            const qsizetype at
                = round % 2 ? qsizetype(random.bounded(headerSpan)) : qsizetype(random.bounded(corrupted.size()));
            corrupted[at] = char(random.bounded(256));
        }
        parse(MemorySource(corrupted.constData(), std::size_t(corrupted.size())));
    }
}

} // namespace

class TestBinaryImage : public QObject
{
    Q_OBJECT

private slots:
    void elfRealCudnn_data();
    void elfRealCudnn();
    void elfBuiltFakes();
    void elfTruncatedAndCorruptedNeverCrash();
    void elf32ReportsMachineOnly();

    void peImportsDelayImportsAndVersion();
    void peWithoutVersionResource();
    void peTruncatedAndCorruptedNeverCrash();
    void peHostileHeaders();
    void identifyBothFormats();

    void loaderCacheOfThisMachine();
    void loaderCacheFromBytes();

private:
    QString peFixture(const QString& name) const;
};

QString TestBinaryImage::peFixture(const QString& name) const
{
    const QString dir = qEnvironmentVariable("CUDNN_SETUP_PE_FIXTURES");
    return dir.isEmpty() ? QString() : QDir(dir).filePath(name);
}

void TestBinaryImage::elfRealCudnn_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("needs");
    QTest::addColumn<QStringList>("needsNot");
    QTest::addColumn<QStringList>("runpath");

    const QStringList runtime{QStringLiteral("libstdc++.so.6"),
                              QStringLiteral("libgcc_s.so.1"),
                              QStringLiteral("libc.so.6"),
                              QStringLiteral("libdl.so.2")};
    // The dispatcher needs no zlib and no sub-library: it dlopens them.
    QTest::newRow("libcudnn.so.9") << "libcudnn.so.9" << runtime
                                   << QStringList{"libz.so.1", "libcudnn_graph.so.9", "libcudnn_ops.so.9"}
                                   << QStringList{"$ORIGIN"};
    QTest::newRow("libcudnn_graph.so.9") << "libcudnn_graph.so.9" << (runtime + QStringList{"libz.so.1"})
                                         << QStringList{"libcudnn_ops.so.9", "libcublasLt.so.13"} << kSubLibraryRunpath;
    QTest::newRow("libcudnn_ops.so.9") << "libcudnn_ops.so.9"
                                       << (runtime + QStringList{"libz.so.1", "libcudnn_graph.so.9"})
                                       << QStringList{"libcublasLt.so.13"} << kSubLibraryRunpath;
    QTest::newRow("libcudnn_cnn.so.9") << "libcudnn_cnn.so.9"
                                       << (runtime
                                           + QStringList{"libz.so.1", "libcudnn_graph.so.9", "libcudnn_ops.so.9"})
                                       << QStringList{"libnvrtc.so.13"} << kSubLibraryRunpath;
    QTest::newRow("libcudnn_adv.so.9") << "libcudnn_adv.so.9"
                                       << (runtime
                                           + QStringList{"libz.so.1", "libcudnn_graph.so.9", "libcudnn_ops.so.9"})
                                       << QStringList{} << kSubLibraryRunpath;
    QTest::newRow("libcudnn_engines_precompiled.so.9")
        << "libcudnn_engines_precompiled.so.9" << (runtime + QStringList{"libz.so.1", "libcudnn_graph.so.9"})
        << QStringList{"libcudnn_ops.so.9"} << kSubLibraryRunpath;
    // cuBLASLt and NVRTC are loaded at run time by bare name, never DT_NEEDED: only the probe's load shows them.
    QTest::newRow("libcudnn_engines_runtime_compiled.so.9")
        << "libcudnn_engines_runtime_compiled.so.9" << (runtime + QStringList{"libz.so.1", "libcudnn_graph.so.9"})
        << QStringList{"libnvrtc.so.13", "libcublasLt.so.13"} << kSubLibraryRunpath;
    QTest::newRow("libcudnn_heuristic.so.9")
        << "libcudnn_heuristic.so.9" << (runtime + QStringList{"libz.so.1", "libcudnn_graph.so.9"})
        << QStringList{"libcudnn_ops.so.9"} << kSubLibraryRunpath;
}

void TestBinaryImage::elfRealCudnn()
{
    QFETCH(QString, file);
    QFETCH(QStringList, needs);
    QFETCH(QStringList, needsNot);
    QFETCH(QStringList, runpath);
    const QString path = QDir(kRealCudnnDir).filePath(file);
    if (!QFile::exists(path))
        QSKIP(qPrintable(QStringLiteral("%1 is absent: this machine has no CUDA 13.0 toolkit with cuDNN 9").arg(path)));

    const auto image = elfFromFile(path);
    QVERIFY(image);
    QCOMPARE(image->machine, kElfMachineX86_64);
    QVERIFY(image->is64);
    QVERIFY(!image->bigEndian);
    QVERIFY(image->hasDynamicSection);
    QCOMPARE(QString::fromStdString(image->soname), file);
    for (const QString& name : needs)
        QVERIFY2(contains(image->needed, qPrintable(name)), qPrintable(name));
    for (const QString& name : needsNot)
        QVERIFY2(!contains(image->needed, qPrintable(name)), qPrintable(name));
    QCOMPARE(image->runpath, strings(runpath));
    QVERIFY(image->rpath.empty());
    QVERIFY(image->warnings.empty());
}

void TestBinaryImage::elfBuiltFakes()
{
    const QDir fakes(qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR"));
    const auto main = elfFromFile(fakes.filePath(QStringLiteral("verify-ok/libcudnn.so.9")));
    QVERIFY(main);
    QCOMPARE(main->soname, std::string("libcudnn.so.9"));
    QCOMPARE(main->runpath, std::vector<std::string>{"$ORIGIN"});

    const auto cnn = elfFromFile(fakes.filePath(QStringLiteral("verify-missing-dependency/libcudnn_cnn.so.9")));
    QVERIFY(cnn);
    QVERIFY(contains(cnn->needed, "libcudnnsetup_absent.so.1"));
    QVERIFY(cnn->runpath.empty()); // no build-tree path: the dependency must stay missing

    const auto adv = elfFromFile(fakes.filePath(QStringLiteral("verify-other-version/libcudnn_adv.so.9")));
    QVERIFY(adv); // through the symlink to libcudnn_adv.so.9.10.0
    QCOMPARE(adv->soname, std::string("libcudnn_adv.so.9"));

    const auto source
        = FileSource::open(fakes.filePath(QStringLiteral("verify-empty-file/libcudnn_ops.so.9")).toStdString());
    QVERIFY(source);
    QCOMPARE(source->size(), std::uint64_t(0));
    std::string error;
    QVERIFY(!parseElf(*source, &error));
    QVERIFY(!error.empty());
}

void TestBinaryImage::elfTruncatedAndCorruptedNeverCrash()
{
    QString path = QDir(kRealCudnnDir).filePath(QStringLiteral("libcudnn.so.9"));
    if (!QFile::exists(path)) // the fake is as real an ELF file, only smaller
        path = QDir(qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR")).filePath(QStringLiteral("verify-ok/libcudnn.so.9"));
    const QByteArray bytes = readAll(path);
    QVERIFY(bytes.size() > 4096);
    const auto whole = parseElf(MemorySource(bytes.constData(), std::size_t(bytes.size())));
    QVERIFY(whole);

    // Every prefix: either "cannot read" or a subset of the truth, never a name that is not in the file.
    int parsed = 0;
    for (qsizetype length = 0; length <= bytes.size(); length += (length < 8192 ? 1 : 97)) {
        const auto image = parseElf(MemorySource(bytes.constData(), std::size_t(length)));
        if (!image)
            continue;
        ++parsed;
        QCOMPARE(image->machine, whole->machine);
        for (const std::string& name : image->needed)
            QVERIFY2(contains(whole->needed, name.c_str()), name.c_str());
    }
    QVERIFY(parsed > 0);

    // Random bytes over the headers, the program headers and the dynamic section.
    parseCorrupted(bytes, 20261130, 4096, [](const MemorySource& source) { (void)parseElf(source); });
}

void TestBinaryImage::elf32ReportsMachineOnly()
{
    QByteArray bytes(52, '\0');
    bytes.replace(0,
                  4,
                  "\x7F"
                  "ELF");
    bytes[4] = 1; // ELFCLASS32
    bytes[5] = 1; // little endian
    bytes[18] = char(kElfMachineI386);
    const auto image = parseElf(MemorySource(bytes.constData(), std::size_t(bytes.size())));
    QVERIFY(image);
    QCOMPARE(image->machine, kElfMachineI386);
    QVERIFY(!image->is64);
    QVERIFY(!image->hasDynamicSection);
}

void TestBinaryImage::peImportsDelayImportsAndVersion()
{
    const QString path = peFixture(QStringLiteral("cudnn_cnn_infer64_8.dll"));
    if (path.isEmpty())
        QSKIP("mingw-w64 is not installed (apt-get install mingw-w64): no PE fixtures were built");
    const auto source = FileSource::open(path.toStdString());
    QVERIFY(source);
    std::string error;
    const auto image = parsePe(*source, &error);
    QVERIFY2(image, error.c_str());
    QCOMPARE(image->machine, kPeMachineAmd64);
    QVERIFY(image->is64);
    QVERIFY(image->isDll);
    QVERIFY(contains(image->imports, "zlibwapi.dll"));
    QVERIFY(contains(image->imports, "KERNEL32.dll"));
    QVERIFY(!contains(image->imports, "cublasLt64_12.dll")); // delay-loaded, not imported
    QCOMPARE(image->delayImports, std::vector<std::string>{"cublasLt64_12.dll"});
    QVERIFY(image->fileVersion);
    QCOMPARE(QString::fromStdString(image->fileVersion->text()), QStringLiteral("8.9.7.29"));
    QVERIFY(image->productVersion);
    QCOMPARE(QString::fromStdString(image->productVersion->text()), QStringLiteral("8.9.7.29"));
    QVERIFY2(image->warnings.empty(), image->warnings.empty() ? "" : image->warnings.front().c_str());
}

void TestBinaryImage::peWithoutVersionResource()
{
    const QString path = peFixture(QStringLiteral("needs_vcruntime.dll"));
    if (path.isEmpty())
        QSKIP("mingw-w64 is not installed (apt-get install mingw-w64): no PE fixtures were built");
    const auto source = FileSource::open(path.toStdString());
    QVERIFY(source);
    const auto image = parsePe(*source);
    QVERIFY(image);
    QVERIFY(contains(image->imports, "vcruntime140.dll"));
    QVERIFY(contains(image->imports, "msvcp140.dll"));
    QVERIFY(image->delayImports.empty());
    QVERIFY(!image->fileVersion);
}

void TestBinaryImage::peTruncatedAndCorruptedNeverCrash()
{
    const QString path = peFixture(QStringLiteral("cudnn_cnn_infer64_8.dll"));
    if (path.isEmpty())
        QSKIP("mingw-w64 is not installed (apt-get install mingw-w64): no PE fixtures were built");
    const QByteArray bytes = readAll(path);
    const auto whole = parsePe(MemorySource(bytes.constData(), std::size_t(bytes.size())));
    QVERIFY(whole && whole->fileVersion);

    int parsed = 0;
    for (qsizetype length = 0; length <= bytes.size(); length += (length < 4096 ? 1 : 13)) {
        const auto image = parsePe(MemorySource(bytes.constData(), std::size_t(length)));
        if (!image)
            continue;
        ++parsed;
        QCOMPARE(image->machine, whole->machine);
        for (const std::string& name : image->imports)
            QVERIFY2(contains(whole->imports, name.c_str()), name.c_str());
        for (const std::string& name : image->delayImports)
            QVERIFY2(contains(whole->delayImports, name.c_str()), name.c_str());
        if (image->fileVersion)
            QCOMPARE(image->fileVersion->text(), whole->fileVersion->text());
    }
    QVERIFY(parsed > 0);

    parseCorrupted(bytes, 6, 1024, [](const MemorySource& source) { (void)parsePe(source); });
}

void TestBinaryImage::peHostileHeaders()
{
    // A minimal PE32+ header whose every count and offset is later set to something absurd.
    QByteArray bytes(0x400, '\0');
    bytes[0] = 'M';
    bytes[1] = 'Z';
    const auto put16 = [&](int at, quint16 v) {
        bytes[at] = char(v & 0xFF);
        bytes[at + 1] = char(v >> 8);
    };
    const auto put32 = [&](int at, quint32 v) {
        for (int i = 0; i < 4; ++i)
            bytes[at + i] = char(v >> (8 * i));
    };
    put32(0x3C, 0x80);
    bytes.replace(0x80, 4, QByteArray("PE\0\0", 4));
    put16(0x84, kPeMachineAmd64);
    put16(0x86, 0); // sections
    put16(0x94, 240); // SizeOfOptionalHeader
    put16(0x98, 0x20B); // PE32+
    put32(0x98 + 108, 16); // NumberOfRvaAndSizes
    {
        const auto image = parsePe(MemorySource(bytes.constData(), std::size_t(bytes.size())));
        QVERIFY(image);
        QVERIFY(image->imports.empty());
    }
    // The import directory points far outside the file: a warning, not a read out of bounds.
    put32(0x98 + 112 + 8, 0x7FFFFFF0);
    put32(0x98 + 112 + 12, 40);
    {
        const auto image = parsePe(MemorySource(bytes.constData(), std::size_t(bytes.size())));
        QVERIFY(image);
        QVERIFY(!image->warnings.empty());
    }
    // More sections than Windows loads.
    put16(0x86, 0xFFFF);
    std::string error;
    QVERIFY(!parsePe(MemorySource(bytes.constData(), std::size_t(bytes.size())), &error));
    QVERIFY(!error.empty());
    // e_lfanew beyond the end.
    put32(0x3C, 0xFFFFFFF0);
    QVERIFY(!parsePe(MemorySource(bytes.constData(), std::size_t(bytes.size()))));
    QVERIFY(!looksLikePe(MemorySource(bytes.constData(), std::size_t(bytes.size()))));
}

void TestBinaryImage::identifyBothFormats()
{
    const QString dll = peFixture(QStringLiteral("zlibwapi.dll"));
    if (!dll.isEmpty()) {
        const auto source = FileSource::open(dll.toStdString());
        const auto kind = identifyBinary(*source);
        QVERIFY(kind);
        QCOMPARE(kind->format, BinaryFormat::Pe);
        QCOMPARE(kind->machine, kPeMachineAmd64);
    }
    const auto elf = FileSource::open(QDir(qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR"))
                                          .filePath(QStringLiteral("verify-ok/libcudnn.so.9"))
                                          .toStdString());
    QVERIFY(elf);
    const auto kind = identifyBinary(*elf);
    QVERIFY(kind);
    QCOMPARE(kind->format, BinaryFormat::Elf);
    QCOMPARE(kind->machine, kElfMachineX86_64);
    QVERIFY(!identifyBinary(MemorySource("!<arch>\n", 8)));
    QVERIFY(!identifyBinary(MemorySource(nullptr, 0)));
}

void TestBinaryImage::loaderCacheOfThisMachine()
{
    const auto source = FileSource::open("/etc/ld.so.cache");
    if (!source)
        QSKIP("/etc/ld.so.cache is absent (not a glibc system)");
    std::string error;
    const auto cache = parseLoaderCache(*source, &error);
    QVERIFY2(cache, error.c_str());
    const auto libc = cache->find("libc.so.6");
    QVERIFY(libc != cache->end());
    QVERIFY(!libc->second.empty());
    QVERIFY2(QFile::exists(QString::fromStdString(libc->second.front())), libc->second.front().c_str());
}

void TestBinaryImage::loaderCacheFromBytes()
{
    // glibc-ld.so.cache1.1: header (48 bytes), two entries (24 bytes each), then the strings.
    QByteArray bytes(48 + 2 * 24, '\0');
    bytes.replace(0, 20, "glibc-ld.so.cache1.1");
    const auto put32 = [&](int at, quint32 v) {
        for (int i = 0; i < 4; ++i)
            bytes[at + i] = char(v >> (8 * i));
    };
    put32(20, 2);
    const auto addString = [&](const char* text) {
        const int at = int(bytes.size());
        bytes.append(text);
        bytes.append('\0');
        return quint32(at);
    };
    const quint32 name = addString("libz.so.1");
    const quint32 first = addString("/lib/x86_64-linux-gnu/libz.so.1");
    const quint32 second = addString("/lib/i386-linux-gnu/libz.so.1");
    put32(48 + 4, name);
    put32(48 + 8, first);
    put32(48 + 24 + 4, name);
    put32(48 + 24 + 8, second);
    const auto cache = parseLoaderCache(MemorySource(bytes.constData(), std::size_t(bytes.size())));
    QVERIFY(cache);
    QCOMPARE(cache->at("libz.so.1"),
             (std::vector<std::string>{"/lib/x86_64-linux-gnu/libz.so.1", "/lib/i386-linux-gnu/libz.so.1"}));

    for (qsizetype length = 0; length < bytes.size(); ++length)
        (void)parseLoaderCache(MemorySource(bytes.constData(), std::size_t(length)));
    put32(20, 0xFFFFFFFF);
    QVERIFY(!parseLoaderCache(MemorySource(bytes.constData(), std::size_t(bytes.size()))));
    QVERIFY(!parseLoaderCache(MemorySource("not a cache", 11)));
}

QTEST_GUILESS_MAIN(TestBinaryImage)
#include "TestBinaryImage.moc"
