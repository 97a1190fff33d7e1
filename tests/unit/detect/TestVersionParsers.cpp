// The pure version parsers against the texts the tools and files really hold: version.json of several CUDA
// generations, version.txt, cuda.h, `nvcc --version`, cuDNN headers of 7, 8 and 9, library file names, and the real
// CUDA 13.0 / cuDNN 9.19.0 headers of this machine.
#include "TestTree.h"
#include "detect/VersionParsers.h"

#include <QFile>
#include <QtTest>

namespace {

const QString kRealCudaHeader = QStringLiteral("/usr/local/cuda-13.0/include/cuda.h");
const QString kRealCudnnHeader = QStringLiteral("/usr/local/cuda-13.0/include/cudnn_version.h");

/** "" for nullopt, so one QString column says both "which version" and "none". */
QString printed(const std::optional<Version>& version)
{
    return version ? version->toString() : QString();
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestVersionParsers : public QObject
{
    Q_OBJECT

private slots:
    void cudaFromVersionJson_data();
    void cudaFromVersionJson();
    void cudaFromVersionTxt_data();
    void cudaFromVersionTxt();
    void cudaFromCudaHeader_data();
    void cudaFromCudaHeader();
    void cudaFromRealCudaHeader();
    void cudaFromNvccOutput_data();
    void cudaFromNvccOutput();
    void cudnnFromHeader_data();
    void cudnnFromHeader();
    void cudnnFromRealHeader();
    void cudnnFromLibraryName_data();
    void cudnnFromLibraryName();
};

void TestVersionParsers::cudaFromVersionJson_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");

    // cudnn-facts.md §9: cuda.version is X.Y.Z or X.Y.<yyyymmdd>; only major.minor counts.
    QTest::newRow("11.5.2") << testData(QStringLiteral("version/version-11.5.2.json")) << "11.5";
    QTest::newRow("11.8 with a date") << testData(QStringLiteral("version/version-11.8.20220929.json")) << "11.8";
    QTest::newRow("12.6 with a date") << testData(QStringLiteral("version/version-12.6.20241114.json")) << "12.6";
    QTest::newRow("compact one line") << QByteArray(R"({"cuda":{"name":"CUDA SDK","version":"13.0.1"}})") << "13.0";
    QTest::newRow("major only says too little") << QByteArray(R"({"cuda":{"version":"12"}})") << "";
    QTest::newRow("no cuda entry, only a component")
        << QByteArray(R"json({"cuda_cudart":{"name":"CUDA Runtime (cudart)","version":"12.4.127"}})json") << "";
    QTest::newRow("version not a string") << QByteArray(R"({"cuda":{"version":12.4}})") << "";
    QTest::newRow("garbage") << QByteArray("CUDA Version 11.0.207\n") << "";
    QTest::newRow("truncated json") << QByteArray(R"({"cuda" : { "name" : "CUDA SDK", "vers)") << "";
    QTest::newRow("empty") << QByteArray() << "";
}

void TestVersionParsers::cudaFromVersionJson()
{
    QFETCH(QByteArray, json);
    QTEST(printed(VersionParsers::cudaFromVersionJson(json)), "expected");
}

void TestVersionParsers::cudaFromVersionTxt_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected");

    QTest::newRow("10.0.130") << testData(QStringLiteral("version/version-10.0.130.txt")) << "10.0";
    QTest::newRow("11.0.207") << testData(QStringLiteral("version/version-11.0.207.txt")) << "11.0";
    QTest::newRow("9.2 without newline") << QByteArray("CUDA Version 9.2.148") << "9.2";
    QTest::newRow("CRLF") << QByteArray("CUDA Version 10.2.89\r\n") << "10.2";
    QTest::newRow("json is not a txt") << testData(QStringLiteral("version/version-11.5.2.json")) << "";
    QTest::newRow("no number") << QByteArray("CUDA Version unknown\n") << "";
    QTest::newRow("empty") << QByteArray() << "";
}

void TestVersionParsers::cudaFromVersionTxt()
{
    QFETCH(QByteArray, text);
    QTEST(printed(VersionParsers::cudaFromVersionTxt(text)), "expected");
}

void TestVersionParsers::cudaFromCudaHeader_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected");

    // CUDA_VERSION = major*1000 + minor*10 (cudnn-facts.md §9).
    QTest::newRow("12060") << QByteArray("#ifndef __cuda_cuda_h__\n#define __cuda_cuda_h__\n"
                                         "/**\n * CUDA API version number\n */\n#define CUDA_VERSION 12060\n")
                           << "12.6";
    QTest::newRow("13000") << QByteArray("#define CUDA_VERSION 13000\n") << "13.0";
    QTest::newRow("11080 indented") << QByteArray("  #  define   CUDA_VERSION 11080\n") << "11.8";
    QTest::newRow("10020 CRLF") << QByteArray("#define CUDA_VERSION 10020\r\n") << "10.2";
    QTest::newRow("commented out, then the real one")
        << QByteArray("// #define CUDA_VERSION 99000\n#define CUDA_VERSION 12040\n") << "12.4";
    QTest::newRow("other macro with the same prefix") << QByteArray("#define CUDA_VERSION_MAJOR 12\n") << "";
    QTest::newRow("only used, never defined") << QByteArray("#if CUDA_VERSION >= 12000\n#endif\n") << "";
    QTest::newRow("empty") << QByteArray() << "";
}

void TestVersionParsers::cudaFromCudaHeader()
{
    QFETCH(QByteArray, text);
    QTEST(printed(VersionParsers::cudaFromCudaHeader(text)), "expected");
}

void TestVersionParsers::cudaFromRealCudaHeader()
{
    if (!QFile::exists(kRealCudaHeader))
        QSKIP("the real CUDA 13.0 toolkit is not at /usr/local/cuda-13.0 on this machine");
    QCOMPARE(printed(VersionParsers::cudaFromCudaHeader(readAll(kRealCudaHeader))), QStringLiteral("13.0"));
}

void TestVersionParsers::cudaFromNvccOutput_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected");

    QTest::newRow("10.2") << testData(QStringLiteral("nvcc/nvcc-10.2.txt")) << "10.2";
    QTest::newRow("11.8") << testData(QStringLiteral("nvcc/nvcc-11.8.txt")) << "11.8";
    QTest::newRow("12.4") << testData(QStringLiteral("nvcc/nvcc-12.4.txt")) << "12.4";
    QTest::newRow("13.0 (the real nvcc)") << testData(QStringLiteral("nvcc/nvcc-13.0.txt")) << "13.0";
    QTest::newRow("12.4 on Windows (CRLF)") << testData(QStringLiteral("nvcc/nvcc-12.4-windows.txt")) << "12.4";
    QTest::newRow("the copyright years are not a release") << QByteArray("Copyright (c) 2005-2024 NVIDIA\n") << "";
    QTest::newRow("not nvcc") << QByteArray("sh: 1: nvcc: not found\n") << "";
    QTest::newRow("empty") << QByteArray() << "";
}

void TestVersionParsers::cudaFromNvccOutput()
{
    QFETCH(QByteArray, text);
    QTEST(printed(VersionParsers::cudaFromNvccOutput(text)), "expected");
}

void TestVersionParsers::cudnnFromHeader_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected");

    // cudnn-facts.md §3: <= 7 in cudnn.h, 8+ in cudnn_version.h.
    QTest::newRow("7.6.5 cudnn.h") << testData(QStringLiteral("cudnn/cudnn-7.6.5.h")) << "7.6.5";
    QTest::newRow("8.2.1 cudnn_version.h") << testData(QStringLiteral("cudnn/cudnn_version-8.2.1.h")) << "8.2.1";
    QTest::newRow("9.10.0 cudnn_version.h with MAX_SM macros")
        << testData(QStringLiteral("cudnn/cudnn_version-9.10.0.h")) << "9.10.0";
    QTest::newRow("8.x cudnn.h only includes the version header")
        << testData(QStringLiteral("cudnn/cudnn-8.2.1.h")) << "";
    QTest::newRow("patch level missing") << QByteArray("#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 1\n") << "";
    QTest::newRow("CRLF") << QByteArray(
        "#define CUDNN_MAJOR 8\r\n#define CUDNN_MINOR 9\r\n#define CUDNN_PATCHLEVEL 7\r\n")
                          << "8.9.7";
    QTest::newRow("empty") << QByteArray() << "";
    // One parser for the package check, detection and the probe (cudnnfacts/CudnnVersionHeader).
    QTest::newRow("parentheses, '# define' and comments") << QByteArray(
        "# define CUDNN_MAJOR (9) // major\n#define CUDNN_MINOR 1 /* minor */\n#define CUDNN_PATCHLEVEL\t( 2 )\n")
                                                          << "9.1.2";
    QTest::newRow("the first definition counts") << QByteArray(
        "#define CUDNN_MAJOR 8\n#define CUDNN_MINOR 9\n#define CUDNN_PATCHLEVEL 7\n#define CUDNN_MAJOR 9\n")
                                                 << "8.9.7";
    QTest::newRow("a number with letters after it")
        << QByteArray("#define CUDNN_MAJOR 9abc\n#define CUDNN_MINOR 1\n#define CUDNN_PATCHLEVEL 0\n") << "";
    QTest::newRow("a macro with a longer name")
        << QByteArray("#define CUDNN_MAJOR_X 9\n#define CUDNN_MINOR 1\n#define CUDNN_PATCHLEVEL 0\n") << "";
    QTest::newRow("ten digits") << QByteArray(
        "#define CUDNN_MAJOR 1234567890\n#define CUDNN_MINOR 1\n#define CUDNN_PATCHLEVEL 0\n")
                                << "";
}

void TestVersionParsers::cudnnFromHeader()
{
    QFETCH(QByteArray, text);
    QTEST(printed(VersionParsers::cudnnFromHeader(text)), "expected");
}

void TestVersionParsers::cudnnFromRealHeader()
{
    if (!QFile::exists(kRealCudnnHeader))
        QSKIP("the real cuDNN 9.19.0 is not in /usr/local/cuda-13.0 on this machine");
    QCOMPARE(printed(VersionParsers::cudnnFromHeader(readAll(kRealCudnnHeader))), QStringLiteral("9.19.0"));
}

void TestVersionParsers::cudnnFromLibraryName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expected");

    QTest::newRow("fully versioned sub-library") << "libcudnn_ops.so.9.19.0"
                                                 << "9.19.0";
    QTest::newRow("longest 9.x name") << "libcudnn_engines_runtime_compiled.so.9.1.0"
                                      << "9.1.0";
    QTest::newRow("cuDNN 8 sub-library") << "libcudnn_adv_infer.so.8.9.7"
                                         << "8.9.7";
    QTest::newRow("SONAME") << "libcudnn.so.9"
                            << "9";
    QTest::newRow("dev link carries nothing") << "libcudnn.so"
                                              << "";
    QTest::newRow("Windows DLL") << "cudnn64_8.dll"
                                 << "8";
    QTest::newRow("Windows DLL in capitals") << "CUDNN64_8.DLL"
                                             << "8";
    QTest::newRow("Windows 9 sub-library") << "cudnn_engines_precompiled64_9.dll"
                                           << "9";
    QTest::newRow("static archive") << "libcudnn_static.a"
                                    << "";
    QTest::newRow("static v8 archive") << "libcudnn_static_v8.a"
                                       << "";
    QTest::newRow("import library") << "cudnn64_9.lib"
                                    << "";
    QTest::newRow("not cuDNN") << "libcublas.so.13"
                               << "";
    QTest::newRow("Linux name on a path") << "/usr/lib/libcudnn.so.9"
                                          << "";
}

void TestVersionParsers::cudnnFromLibraryName()
{
    QFETCH(QString, name);
    QTEST(printed(VersionParsers::cudnnFromLibraryName(name)), "expected");
}

QTEST_GUILESS_MAIN(TestVersionParsers)
#include "TestVersionParsers.moc"
