// CudnnInstallScanner over cuDNN installs laid out in temporary trees the way archives, `cp` without -P, pip and
// the Windows zips leave them, one defect at a time, and over the machine's real cuDNN 9.19.0 in
// /usr/local/cuda-13.0 (read only).
#include "DetectFixtures.h"
#include "detect/CudnnInstallScanner.h"

#include <QtTest>

using namespace DetectFixtures;

namespace {

/** The code each kind of problem is reported under, spelled out here (docs/detect-json.md). */
QString codeOfKind(CudnnProblem::Kind kind)
{
    switch (kind) {
    case CudnnProblem::Kind::UnknownMajor:
        return QStringLiteral("CUDNN-UNKNOWN-MAJOR");
    case CudnnProblem::Kind::MissingLibraries:
        return QStringLiteral("CUDNN-MISSING-LIBS");
    case CudnnProblem::Kind::BrokenLink:
        return QStringLiteral("CUDNN-BROKEN-LINK");
    case CudnnProblem::Kind::EmptyFile:
        return QStringLiteral("CUDNN-ZERO-BYTE");
    case CudnnProblem::Kind::NotReadable:
        return QStringLiteral("CUDNN-NOT-READABLE");
    case CudnnProblem::Kind::FlattenedLink:
        return QStringLiteral("CUDNN-FLATTENED-LINK");
    case CudnnProblem::Kind::MixedVersions:
        return QStringLiteral("CUDNN-MIXED-VERSIONS");
    case CudnnProblem::Kind::HeaderMismatch:
        return QStringLiteral("CUDNN-HEADER-MISMATCH");
    case CudnnProblem::Kind::ImportLibrariesMissing:
        return QStringLiteral("CUDNN-IMPORT-LIBS-MISSING");
    case CudnnProblem::Kind::CudaMismatch:
        return QStringLiteral("CUDNN-CUDA-MISMATCH");
    case CudnnProblem::Kind::DriverTooOld:
        return QStringLiteral("CUDNN-DRIVER-TOO-OLD");
    case CudnnProblem::Kind::GpuUnsupported:
        return QStringLiteral("CUDNN-GPU-UNSUPPORTED");
    case CudnnProblem::Kind::StrayCopy:
        return QStringLiteral("CUDNN-STRAY-COPY");
    }
    return {};
}

QStringList codes(const Diagnostics& diagnostics)
{
    QStringList list;
    for (const Diagnostic& d : diagnostics)
        list.append(d.code);
    return list;
}

const CudnnLibraryFile* library(const CudnnInstall& install, const QString& name)
{
    for (const CudnnLibraryFile& file : install.libraries) {
        if (file.name == name)
            return &file;
    }
    return nullptr;
}

QStringList libraryNames(const CudnnInstall& install)
{
    QStringList names;
    for (const CudnnLibraryFile& file : install.libraries)
        names.append(file.name);
    names.sort();
    return names;
}

QStringList windows8Dlls()
{
    return {QStringLiteral("cudnn64_8.dll"),
            QStringLiteral("cudnn_ops_infer64_8.dll"),
            QStringLiteral("cudnn_ops_train64_8.dll"),
            QStringLiteral("cudnn_cnn_infer64_8.dll"),
            QStringLiteral("cudnn_cnn_train64_8.dll"),
            QStringLiteral("cudnn_adv_infer64_8.dll"),
            QStringLiteral("cudnn_adv_train64_8.dll")};
}

QStringList windows9Dlls()
{
    return CudnnFileSets::builtIn().forMajor(9)->windowsDlls;
}

void writeAll(TestTree& tree, const QString& dir, const QStringList& names)
{
    for (const QString& name : names)
        tree.writeFile(dir + QLatin1Char('/') + name, libraryBytes());
}

/** A CUDA 12.x toolkit root with cuDNN 9.1.0 copied from the tarball with links kept (`cp -P`). */
QString linux9Toolkit(TestTree& tree)
{
    tree.writeFile(QStringLiteral("cuda/include/cudnn_version.h"), cudnnVersionHeader(9, 1, 0));
    tree.writeFile(QStringLiteral("cuda/include/cuda.h"), cudaHeader(12080));
    linkChains(tree, QStringLiteral("cuda/lib"), cudnn9Bases(), QStringLiteral("9.1.0"));
    // The toolkit reaches the same folder three ways; the files must be counted once.
    tree.symlink(QStringLiteral("cuda/lib64"), QStringLiteral("lib"));
    tree.makeDir(QStringLiteral("cuda/targets/x86_64-linux"));
    tree.symlink(QStringLiteral("cuda/targets/x86_64-linux/lib"), QStringLiteral("../../lib"));
    tree.symlink(QStringLiteral("cuda/targets/x86_64-linux/include"), QStringLiteral("../../include"));
    return canonical(tree.path(QStringLiteral("cuda")));
}

enum class Defect {
    MissingSubLibrary,
    ZeroByteFile,
    FlattenedLink,
    LoneRegularSoname,
    BrokenLink,
    MixedVersions,
    HeaderMismatch,
    NotReadable,
};

} // namespace

Q_DECLARE_METATYPE(Defect)

class TestCudnnInstallScanner : public QObject
{
    Q_OBJECT

private slots:
    void linux9CompleteWithLinkChains();
    void linux9Defects_data();
    void linux9Defects();
    void wholeTreeCopiedWithoutLinks();
    void linux8Complete();
    void twoMajorsInOneToolkit();
    void unknownMajor();
    void headersOnly();
    void windows8Complete();
    void windows8WithoutImportLibraries();
    void windows9InBinX64();
    void searchPathDirectory();
    void searchPathDirectoryWithoutLibraries();
    void isCudnnLibraryName_data();
    void isCudnnLibraryName();
    void toolkitDirs();
    void realToolkit();
};

void TestCudnnInstallScanner::linux9CompleteWithLinkChains()
{
    TestTree tree;
    const QString root = linux9Toolkit(tree);
    const QList<CudnnInstall> installs = CudnnInstallScanner(OsFlavor::Linux).scanToolkit(root);

    QCOMPARE(installs.size(), 1);
    const CudnnInstall& install = installs.first();
    QCOMPARE(install.location, CudnnInstall::Location::Toolkit);
    QCOMPARE(install.root, root);
    QCOMPARE(install.major, 9);
    QCOMPARE(install.headerVersion->toString(), QStringLiteral("9.1.0"));
    QCOMPARE(install.libraryVersion->toString(), QStringLiteral("9.1.0"));
    QCOMPARE(install.version()->toString(), QStringLiteral("9.1.0"));
    QCOMPARE(install.includeDir, root + QStringLiteral("/include"));
    QCOMPARE(install.libraryDirs, QStringList{root + QStringLiteral("/lib")});
    QVERIFY2(install.diagnostics().isEmpty(), qPrintable(codes(install.diagnostics()).join(u',')));
    QVERIFY(install.missingLibraries.isEmpty());
    QVERIFY(install.isComplete());

    // 8 libraries x (.so, .so.9, .so.9.1.0), once each although lib64 and targets/.../lib lead there too.
    QCOMPARE(install.libraries.size(), 24);
    const CudnnLibraryFile* dev = library(install, QStringLiteral("libcudnn_ops.so"));
    const CudnnLibraryFile* soname = library(install, QStringLiteral("libcudnn_ops.so.9"));
    const CudnnLibraryFile* file = library(install, QStringLiteral("libcudnn_ops.so.9.1.0"));
    QVERIFY(dev && soname && file);
    QCOMPARE(dev->kind, CudnnLibraryFile::Kind::Symlink);
    QCOMPARE(dev->linkTarget, QStringLiteral("libcudnn_ops.so.9"));
    QCOMPARE(soname->kind, CudnnLibraryFile::Kind::Symlink);
    QCOMPARE(soname->linkTarget, QStringLiteral("libcudnn_ops.so.9.1.0"));
    QCOMPARE(file->kind, CudnnLibraryFile::Kind::File);
    QVERIFY(file->linkTarget.isEmpty());
    QCOMPARE(file->path, root + QStringLiteral("/lib/libcudnn_ops.so.9.1.0"));
    QCOMPARE(file->size, qint64(libraryBytes().size()));
    QCOMPARE(dev->size, file->size); // a link has the size of what it leads to
    QVERIFY(file->readableByAll);
}

void TestCudnnInstallScanner::linux9Defects_data()
{
    QTest::addColumn<Defect>("defect");
    QTest::addColumn<QString>("code"); // the finding this defect is about, "" for none
    QTest::addColumn<QStringList>("allCodes"); // every finding of the install, sorted; {code} when empty
    QTest::addColumn<int>("severity");
    QTest::addColumn<QString>("subject"); // relative to the toolkit root; "." for the root itself
    QTest::addColumn<QStringList>("messageMentions");
    QTest::addColumn<QStringList>("missing");
    QTest::addColumn<bool>("complete");
    QTest::addColumn<QString>("libraryVersion");

    QTest::newRow("missing sub-library") << Defect::MissingSubLibrary << "CUDNN-MISSING-LIBS" << QStringList{}
                                         << int(Severity::Error) << "."
                                         << QStringList{QStringLiteral("libcudnn_adv.so.9")}
                                         << QStringList{QStringLiteral("libcudnn_adv.so.9")} << false << "9.1.0";
    QTest::newRow("zero-byte file (blocked copy)")
        << Defect::ZeroByteFile << "CUDNN-ZERO-BYTE" << QStringList{} << int(Severity::Error)
        << "lib/libcudnn_cnn.so.9.1.0" << QStringList{QStringLiteral("libcudnn_cnn.so.9.1.0")} << QStringList{} << false
        << "9.1.0";
    QTest::newRow("flattened link (cp without -P)")
        << Defect::FlattenedLink << "CUDNN-FLATTENED-LINK" << QStringList{} << int(Severity::Warning)
        << "lib/libcudnn_ops.so.9"
        << QStringList{QStringLiteral("libcudnn_ops.so.9"), QStringLiteral("libcudnn_ops.so.9.1.0")} << QStringList{}
        << true << "9.1.0";
    QTest::newRow("lone regular .so.9 is the pip layout, not a defect")
        << Defect::LoneRegularSoname << "" << QStringList{} << 0 << "" << QStringList{} << QStringList{} << true
        << "9.1.0";
    QTest::newRow("broken link") << Defect::BrokenLink << "CUDNN-BROKEN-LINK"
                                 << QStringList{QStringLiteral("CUDNN-BROKEN-LINK"),
                                                QStringLiteral("CUDNN-BROKEN-LINK"),
                                                QStringLiteral("CUDNN-MISSING-LIBS")}
                                 << int(Severity::Error) << "lib/libcudnn_graph.so.9"
                                 << QStringList{QStringLiteral("libcudnn_graph.so.9.1.0")}
                                 << QStringList{QStringLiteral("libcudnn_graph.so.9")} << false << "9.1.0";
    QTest::newRow("mixed versions") << Defect::MixedVersions << "CUDNN-MIXED-VERSIONS" << QStringList{}
                                    << int(Severity::Error) << "." << QStringList{QStringLiteral("9.1.0, 9.5.1")}
                                    << QStringList{} << true << "";
    QTest::newRow("header 9.5.1, libraries 9.1.0")
        << Defect::HeaderMismatch << "CUDNN-HEADER-MISMATCH" << QStringList{} << int(Severity::Warning) << "."
        << QStringList{QStringLiteral("9.5.1"), QStringLiteral("9.1.0")} << QStringList{} << true << "9.1.0";
    QTest::newRow("mode 0600") << Defect::NotReadable << "CUDNN-NOT-READABLE" << QStringList{} << int(Severity::Warning)
                               << "lib/libcudnn_heuristic.so.9.1.0"
                               << QStringList{QStringLiteral("libcudnn_heuristic.so.9.1.0")} << QStringList{} << true
                               << "9.1.0";
}

void TestCudnnInstallScanner::linux9Defects()
{
    QFETCH(Defect, defect);
    QFETCH(QString, code);
    QFETCH(QString, subject);
    QFETCH(QStringList, messageMentions);

    TestTree tree;
    const QString root = linux9Toolkit(tree);
    const QString lib = root + QStringLiteral("/lib/");
    switch (defect) {
    case Defect::MissingSubLibrary:
        for (const QString& name : {QStringLiteral("so"), QStringLiteral("so.9"), QStringLiteral("so.9.1.0")})
            QVERIFY(QFile::remove(lib + QStringLiteral("libcudnn_adv.") + name));
        break;
    case Defect::ZeroByteFile:
        tree.writeFile(QStringLiteral("cuda/lib/libcudnn_cnn.so.9.1.0"), QByteArray());
        break;
    case Defect::FlattenedLink:
        QVERIFY(QFile::remove(lib + QStringLiteral("libcudnn_ops.so.9")));
        QVERIFY(QFile::copy(lib + QStringLiteral("libcudnn_ops.so.9.1.0"), lib + QStringLiteral("libcudnn_ops.so.9")));
        break;
    case Defect::LoneRegularSoname:
        // One sub-library as pip ships it (and as this machine's /usr/local/cuda-13.0 holds it): the SONAME is the
        // file, with nothing longer beside it.
        QVERIFY(QFile::remove(lib + QStringLiteral("libcudnn_ops.so.9")));
        QVERIFY(
            QFile::rename(lib + QStringLiteral("libcudnn_ops.so.9.1.0"), lib + QStringLiteral("libcudnn_ops.so.9")));
        break;
    case Defect::BrokenLink:
        QVERIFY(QFile::remove(lib + QStringLiteral("libcudnn_graph.so.9.1.0")));
        break;
    case Defect::MixedVersions:
        // An upgrade that replaced one sub-library only.
        QVERIFY(QFile::rename(lib + QStringLiteral("libcudnn_ops.so.9.1.0"),
                              lib + QStringLiteral("libcudnn_ops.so.9.5.1")));
        tree.symlink(QStringLiteral("cuda/lib/libcudnn_ops.so.9"), QStringLiteral("libcudnn_ops.so.9.5.1"));
        break;
    case Defect::HeaderMismatch:
        tree.writeFile(QStringLiteral("cuda/include/cudnn_version.h"), cudnnVersionHeader(9, 5, 1));
        break;
    case Defect::NotReadable:
        QVERIFY(QFile::setPermissions(lib + QStringLiteral("libcudnn_heuristic.so.9.1.0"),
                                      QFile::ReadOwner | QFile::WriteOwner));
        break;
    }

    const QList<CudnnInstall> installs = CudnnInstallScanner(OsFlavor::Linux).scanToolkit(root);
    QCOMPARE(installs.size(), 1);
    const CudnnInstall& install = installs.first();
    QCOMPARE(install.major, 9);
    QTEST(install.missingLibraries, "missing");
    QTEST(install.isComplete(), "complete");
    QTEST(install.libraryVersion ? install.libraryVersion->toString() : QString(), "libraryVersion");

    // Exactly the findings this defect makes: one defect of one file is one line in the report, whatever the number
    // of links leading to the file.
    if (code.isEmpty()) {
        QVERIFY2(install.diagnostics().isEmpty(), qPrintable(codes(install.diagnostics()).join(u',')));
        return;
    }
    QFETCH(QStringList, allCodes);
    if (allCodes.isEmpty())
        allCodes = QStringList{code};
    QStringList found = codes(install.diagnostics());
    found.sort();
    QCOMPARE(found, allCodes);
    const QString expectedSubject = subject == QLatin1String(".") ? root : root + QLatin1Char('/') + subject;
    const auto it = std::find_if(install.problems.cbegin(), install.problems.cend(), [&](const CudnnProblem& p) {
        return p.diagnostic.code == code && p.diagnostic.subject == expectedSubject;
    });
    QVERIFY2(it != install.problems.cend(), qPrintable(code + QStringLiteral(" about ") + expectedSubject));
    QCOMPARE(codeOfKind(it->kind), code); // the fact repair reads says what the code says
    const Diagnostic& d = it->diagnostic;
    QTEST(int(d.severity), "severity");
    for (const QString& mention : messageMentions)
        QVERIFY2(d.message.contains(mention), qPrintable(d.message + QStringLiteral(" lacks ") + mention));
    QVERIFY(!d.fix.isEmpty());
}

void TestCudnnInstallScanner::wholeTreeCopiedWithoutLinks()
{
    // `cp -r` of the tarball's lib folder: every link became a regular copy. Each SONAME copy is reported.
    TestTree tree;
    tree.writeFile(QStringLiteral("cuda/include/cudnn_version.h"), cudnnVersionHeader(9, 1, 0));
    for (const QString& base : cudnn9Bases()) {
        for (const QString& suffix : {QStringLiteral(".so"), QStringLiteral(".so.9"), QStringLiteral(".so.9.1.0")})
            tree.writeFile(QStringLiteral("cuda/lib/") + base + suffix, libraryBytes());
    }
    const QString root = canonical(tree.path(QStringLiteral("cuda")));
    const QList<CudnnInstall> installs = CudnnInstallScanner(OsFlavor::Linux).scanToolkit(root);
    QCOMPARE(installs.size(), 1);
    const CudnnInstall& install = installs.first();
    QVERIFY(install.isComplete());
    QStringList flattened;
    for (const Diagnostic& d : install.diagnostics()) {
        if (d.code == QLatin1String("CUDNN-FLATTENED-LINK"))
            flattened.append(QFileInfo(d.subject).fileName());
    }
    flattened.sort();
    QStringList expected;
    for (const QString& base : cudnn9Bases())
        expected.append(base + QStringLiteral(".so.9"));
    expected.sort();
    QCOMPARE(flattened, expected);
}

void TestCudnnInstallScanner::linux8Complete()
{
    TestTree tree;
    tree.writeFile(QStringLiteral("cuda-11.8/include/cudnn_version.h"), cudnnVersionHeader(8, 9, 7));
    tree.writeFile(QStringLiteral("cuda-11.8/include/cudnn.h"), testData(QStringLiteral("cudnn/cudnn-8.2.1.h")));
    linkChains(tree, QStringLiteral("cuda-11.8/lib64"), cudnn8Bases(), QStringLiteral("8.9.7"));
    tree.writeFile(QStringLiteral("cuda-11.8/lib64/libcudnn_static_v8.a"), libraryBytes());
    const QString root = canonical(tree.path(QStringLiteral("cuda-11.8")));

    const QList<CudnnInstall> installs = CudnnInstallScanner(OsFlavor::Linux).scanToolkit(root);
    QCOMPARE(installs.size(), 1);
    const CudnnInstall& install = installs.first();
    QCOMPARE(install.major, 8);
    QCOMPARE(install.headerVersion->toString(), QStringLiteral("8.9.7"));
    QCOMPARE(install.libraryVersion->toString(), QStringLiteral("8.9.7"));
    QCOMPARE(install.libraryDirs, QStringList{root + QStringLiteral("/lib64")});
    QCOMPARE(install.libraries.size(), 21); // the static archive is not a runtime library
    QVERIFY(install.isComplete());
    QVERIFY2(install.diagnostics().isEmpty(), qPrintable(codes(install.diagnostics()).join(u',')));
}

void TestCudnnInstallScanner::twoMajorsInOneToolkit()
{
    TestTree tree;
    tree.writeFile(QStringLiteral("cuda/include/cudnn_version.h"), cudnnVersionHeader(9, 1, 0));
    linkChains(tree, QStringLiteral("cuda/lib64"), cudnn9Bases(), QStringLiteral("9.1.0"));
    linkChains(tree, QStringLiteral("cuda/lib64"), cudnn8Bases(), QStringLiteral("8.9.7"));
    // Both majors own a "libcudnn.so"; the dev link belongs to whichever it points at.
    tree.symlink(QStringLiteral("cuda/lib64/libcudnn.so"), QStringLiteral("libcudnn.so.9"));
    const QString root = canonical(tree.path(QStringLiteral("cuda")));

    const QList<CudnnInstall> installs = CudnnInstallScanner(OsFlavor::Linux).scanToolkit(root);
    QCOMPARE(installs.size(), 2);
    QCOMPARE(installs.at(0).major, 8);
    QCOMPARE(installs.at(1).major, 9);
    QVERIFY(!installs.at(0).headerVersion); // the one header is 9's
    QCOMPARE(installs.at(0).libraryVersion->toString(), QStringLiteral("8.9.7"));
    QCOMPARE(installs.at(0).version()->toString(), QStringLiteral("8.9.7"));
    QCOMPARE(installs.at(1).headerVersion->toString(), QStringLiteral("9.1.0"));
    QVERIFY(installs.at(0).isComplete());
    QVERIFY(installs.at(1).isComplete());
    QVERIFY(!library(installs.at(0), QStringLiteral("libcudnn.so")));
    QVERIFY(library(installs.at(1), QStringLiteral("libcudnn.so")));
}

void TestCudnnInstallScanner::unknownMajor()
{
    TestTree tree;
    linkChains(tree, QStringLiteral("cuda/lib64"), {QStringLiteral("libcudnn")}, QStringLiteral("10.0.0"));
    const QList<CudnnInstall> installs
        = CudnnInstallScanner(OsFlavor::Linux).scanToolkit(canonical(tree.path(QStringLiteral("cuda"))));
    QCOMPARE(installs.size(), 1);
    QCOMPARE(installs.first().major, 10);
    QCOMPARE(codes(installs.first().diagnostics()), QStringList{QStringLiteral("CUDNN-UNKNOWN-MAJOR")});
}

void TestCudnnInstallScanner::headersOnly()
{
    TestTree tree;
    tree.writeFile(QStringLiteral("cuda/include/cudnn_version.h"), cudnnVersionHeader(9, 1, 0));
    tree.writeFile(QStringLiteral("cuda/include/cudnn.h"), "#include \"cudnn_version.h\"\n");
    tree.makeDir(QStringLiteral("cuda/lib64"));
    const QString root = canonical(tree.path(QStringLiteral("cuda")));

    const QList<CudnnInstall> installs = CudnnInstallScanner(OsFlavor::Linux).scanToolkit(root);
    QCOMPARE(installs.size(), 1);
    const CudnnInstall& install = installs.first();
    QCOMPARE(install.major, 9);
    QCOMPARE(install.headerVersion->toString(), QStringLiteral("9.1.0"));
    QVERIFY(install.libraries.isEmpty());
    QVERIFY(install.libraryDirs.isEmpty());
    QCOMPARE(install.missingLibraries, CudnnFileSets::builtIn().forMajor(9)->linuxLibraries);
    QVERIFY(!install.isComplete());
    QCOMPARE(codes(install.diagnostics()), QStringList{QStringLiteral("CUDNN-MISSING-LIBS")});
    QVERIFY(install.diagnostics().first().message.contains(QStringLiteral("none of its libraries")));
}

void TestCudnnInstallScanner::windows8Complete()
{
    TestTree tree;
    const QString dir = QStringLiteral("CUDA/v11.8");
    QStringList dlls = windows8Dlls();
    dlls.replace(0, QStringLiteral("CUDNN64_8.DLL")); // Windows does not care about case; the scanner may not either
    writeAll(tree, dir + QStringLiteral("/bin"), dlls);
    writeAll(tree, dir + QStringLiteral("/bin"), {QStringLiteral("cudart64_110.dll"), QStringLiteral("zlibwapi.dll")});
    writeAll(tree, dir + QStringLiteral("/lib/x64"), CudnnFileSets::builtIn().forMajor(8)->windowsImportLibraries);
    tree.writeFile(dir + QStringLiteral("/include/cudnn_version.h"),
                   testData(QStringLiteral("cudnn/cudnn_version-8.2.1.h")));
    tree.writeFile(dir + QStringLiteral("/include/cudnn.h"), testData(QStringLiteral("cudnn/cudnn-8.2.1.h")));
    const QString root = canonical(tree.path(dir));

    const QList<CudnnInstall> installs = CudnnInstallScanner(OsFlavor::Windows).scanToolkit(root);
    QCOMPARE(installs.size(), 1);
    const CudnnInstall& install = installs.first();
    QCOMPARE(install.major, 8);
    QCOMPARE(install.headerVersion->toString(), QStringLiteral("8.2.1"));
    QVERIFY(!install.libraryVersion); // DLL names carry the major only
    QCOMPARE(install.version()->toString(), QStringLiteral("8.2.1"));
    QCOMPARE(install.libraries.size(), 7);
    QCOMPARE(install.libraryDirs, QStringList{root + QStringLiteral("/bin")});
    QVERIFY(install.missingLibraries.isEmpty());
    QVERIFY(install.isComplete());
    QVERIFY2(install.diagnostics().isEmpty(), qPrintable(codes(install.diagnostics()).join(u',')));
}

void TestCudnnInstallScanner::windows8WithoutImportLibraries()
{
    TestTree tree;
    const QString dir = QStringLiteral("CUDA/v11.8");
    writeAll(tree, dir + QStringLiteral("/bin"), windows8Dlls());
    // Only the dispatcher's import libraries were copied.
    writeAll(tree, dir + QStringLiteral("/lib/x64"), {QStringLiteral("cudnn.lib"), QStringLiteral("cudnn64_8.lib")});
    tree.writeFile(dir + QStringLiteral("/include/cudnn_version.h"),
                   testData(QStringLiteral("cudnn/cudnn_version-8.2.1.h")));
    const QString root = canonical(tree.path(dir));

    const QList<CudnnInstall> installs = CudnnInstallScanner(OsFlavor::Windows).scanToolkit(root);
    QCOMPARE(installs.size(), 1);
    const CudnnInstall& install = installs.first();
    QVERIFY(install.isComplete()); // programs still load it
    QCOMPARE(codes(install.diagnostics()), QStringList{QStringLiteral("CUDNN-IMPORT-LIBS-MISSING")});
    const Diagnostic d = install.diagnostics().first();
    QCOMPARE(d.severity, Severity::Warning);
    QVERIFY(d.message.contains(QStringLiteral("cudnn_adv_train64_8.lib")));
    QVERIFY(!d.message.contains(QStringLiteral("cudnn64_8.lib")));
    QVERIFY2(d.message.contains(displayPath(OsFlavor::Windows, root)), qPrintable(d.message));
}

void TestCudnnInstallScanner::windows9InBinX64()
{
    // CUDA 13 on Windows keeps runtime DLLs in bin\x64 (cudnn-facts.md §5).
    TestTree tree;
    const QString dir = QStringLiteral("CUDA/v13.0");
    writeAll(tree, dir + QStringLiteral("/bin/x64"), windows9Dlls());
    writeAll(tree, dir + QStringLiteral("/lib/x64"), CudnnFileSets::builtIn().forMajor(9)->windowsImportLibraries);
    tree.writeFile(dir + QStringLiteral("/include/cudnn_version.h"),
                   testData(QStringLiteral("cudnn/cudnn_version-9.10.0.h")));
    const QString root = canonical(tree.path(dir));

    const QList<CudnnInstall> installs = CudnnInstallScanner(OsFlavor::Windows).scanToolkit(root);
    QCOMPARE(installs.size(), 1);
    const CudnnInstall& install = installs.first();
    QCOMPARE(install.major, 9);
    QCOMPARE(install.version()->toString(), QStringLiteral("9.10.0"));
    QCOMPARE(install.libraryDirs, QStringList{root + QStringLiteral("/bin/x64")});
    QCOMPARE(install.libraries.size(), 8);
    QVERIFY(install.isComplete());
    QVERIFY2(install.diagnostics().isEmpty(), qPrintable(codes(install.diagnostics()).join(u',')));

    // The same tree read with Linux rules holds no cuDNN library at all, only a header.
    const QList<CudnnInstall> asLinux = CudnnInstallScanner(OsFlavor::Linux).scanToolkit(root);
    QCOMPARE(asLinux.size(), 1);
    QVERIFY(asLinux.first().libraries.isEmpty());
}

void TestCudnnInstallScanner::searchPathDirectory()
{
    // A stale cuDNN 8 that an old tarball left in a folder on LD_LIBRARY_PATH, with its header beside it.
    TestTree tree;
    sonameFiles(tree, QStringLiteral("opt/cudnn8/lib"), cudnn8Bases(), 8);
    tree.writeFile(QStringLiteral("opt/cudnn8/include/cudnn_version.h"), cudnnVersionHeader(8, 9, 7));
    tree.writeFile(QStringLiteral("opt/cudnn8/lib/libcudnn.so.8.9.7"), libraryBytes());
    tree.writeFile(QStringLiteral("opt/cudnn8/lib/libz.so.1"), libraryBytes());
    const QString dir = canonical(tree.path(QStringLiteral("opt/cudnn8/lib")));

    const QList<CudnnInstall> installs = CudnnInstallScanner(OsFlavor::Linux).scanSearchPathDirectory(dir);
    QCOMPARE(installs.size(), 1);
    const CudnnInstall& install = installs.first();
    QCOMPARE(install.location, CudnnInstall::Location::SearchPath);
    QCOMPARE(install.root, dir);
    QCOMPARE(install.major, 8);
    QCOMPARE(install.headerVersion->toString(), QStringLiteral("8.9.7"));
    QCOMPARE(install.includeDir, canonical(tree.path(QStringLiteral("opt/cudnn8/include"))));
    QCOMPARE(install.libraryDirs, QStringList{dir});
    QVERIFY(!library(install, QStringLiteral("libz.so.1")));
    // libcudnn.so.8 is a copy next to libcudnn.so.8.9.7: the one flattened link of this folder.
    QCOMPARE(codes(install.diagnostics()), QStringList{QStringLiteral("CUDNN-FLATTENED-LINK")});
    QCOMPARE(install.diagnostics().first().subject, dir + QStringLiteral("/libcudnn.so.8"));
}

void TestCudnnInstallScanner::searchPathDirectoryWithoutLibraries()
{
    TestTree tree;
    // A folder of other libraries, with a stray cuDNN header next door: no install.
    tree.writeFile(QStringLiteral("usr/lib/libz.so.1"), libraryBytes());
    tree.writeFile(QStringLiteral("usr/lib/libcudnn_static.a"), libraryBytes());
    tree.writeFile(QStringLiteral("usr/include/cudnn_version.h"), cudnnVersionHeader(9, 1, 0));
    const CudnnInstallScanner scanner(OsFlavor::Linux);
    QVERIFY(scanner.scanSearchPathDirectory(canonical(tree.path(QStringLiteral("usr/lib")))).isEmpty());
    QVERIFY(scanner.scanSearchPathDirectory(tree.path(QStringLiteral("does/not/exist"))).isEmpty());
}

void TestCudnnInstallScanner::isCudnnLibraryName_data()
{
    QTest::addColumn<int>("os");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("expected");
    const int linuxOs = int(OsFlavor::Linux);
    const int windowsOs = int(OsFlavor::Windows);
    QTest::newRow("dev link") << linuxOs << "libcudnn.so" << true;
    QTest::newRow("SONAME") << linuxOs << "libcudnn_ops.so.9" << true;
    QTest::newRow("full") << linuxOs << "libcudnn_engines_precompiled.so.9.19.0" << true;
    QTest::newRow("static") << linuxOs << "libcudnn_static.a" << false;
    QTest::newRow("other library") << linuxOs << "libcublas.so.13" << false;
    QTest::newRow("a DLL on Linux") << linuxOs << "cudnn64_9.dll" << false;
    QTest::newRow("DLL") << windowsOs << "cudnn_ops64_9.dll" << true;
    QTest::newRow("DLL in capitals") << windowsOs << "CUDNN64_8.DLL" << true;
    QTest::newRow("import library") << windowsOs << "cudnn64_9.lib" << false;
    QTest::newRow("zlib") << windowsOs << "zlibwapi.dll" << false;
    QTest::newRow("a .so on Windows") << windowsOs << "libcudnn.so.9" << false;
}

void TestCudnnInstallScanner::isCudnnLibraryName()
{
    QFETCH(int, os);
    QFETCH(QString, name);
    QTEST(CudnnInstallScanner::isCudnnLibraryName(OsFlavor(os), name), "expected");
}

void TestCudnnInstallScanner::toolkitDirs()
{
    const QStringList windows
        = CudnnInstallScanner::toolkitLibraryDirs(OsFlavor::Windows, QStringLiteral("C:/CUDA/v13.0"));
    QCOMPARE(windows, (QStringList{QStringLiteral("C:/CUDA/v13.0/bin"), QStringLiteral("C:/CUDA/v13.0/bin/x64")}));
    const QStringList linux
        = CudnnInstallScanner::toolkitLibraryDirs(OsFlavor::Linux, QStringLiteral("/usr/local/cuda"));
    QVERIFY(linux.contains(QStringLiteral("/usr/local/cuda/lib64")));
    QVERIFY(linux.contains(QStringLiteral("/usr/local/cuda/lib")));
    QVERIFY(linux.contains(QStringLiteral("/usr/local/cuda/targets/x86_64-linux/lib")));
    QCOMPARE(CudnnInstallScanner::toolkitIncludeDirs(OsFlavor::Windows, QStringLiteral("C:/CUDA/v13.0")),
             QStringList{QStringLiteral("C:/CUDA/v13.0/include")});
}

void TestCudnnInstallScanner::realToolkit()
{
    if (!realToolkitPresent())
        QSKIP("the real CUDA 13.0 toolkit with cuDNN 9.19.0 is not at /usr/local/cuda-13.0 on this machine");
    const QString root = realToolkitRoot();
    const QList<CudnnInstall> installs = CudnnInstallScanner(OsFlavor::Linux).scanToolkit(root);
    QCOMPARE(installs.size(), 1);
    const CudnnInstall& install = installs.first();
    QCOMPARE(install.major, 9);
    QCOMPARE(install.headerVersion->toString(), QStringLiteral("9.19.0"));
    QCOMPARE(install.version()->toString(), QStringLiteral("9.19.0"));
    QVERIFY(!install.libraryVersion); // regular .so.9 files, no .so.9.19.0 name
    QCOMPARE(install.includeDir, root + QStringLiteral("/include"));
    // lib64 and targets/x86_64-linux/lib are links to lib: one folder, each file once.
    QCOMPARE(install.libraryDirs, QStringList{root + QStringLiteral("/lib")});
    QStringList expected;
    for (const QString& base : cudnn9Bases())
        expected << base + QStringLiteral(".so") << base + QStringLiteral(".so.9");
    expected.sort();
    QCOMPARE(libraryNames(install), expected);
    const CudnnLibraryFile* ops = library(install, QStringLiteral("libcudnn_ops.so.9"));
    QCOMPARE(ops->kind, CudnnLibraryFile::Kind::File);
    QVERIFY(ops->size > 1000000);
    QCOMPARE(library(install, QStringLiteral("libcudnn_ops.so"))->kind, CudnnLibraryFile::Kind::Symlink);
    QVERIFY(install.isComplete());
    QVERIFY2(install.diagnostics().isEmpty(), qPrintable(codes(install.diagnostics()).join(u',')));
}

QTEST_GUILESS_MAIN(TestCudnnInstallScanner)
#include "TestCudnnInstallScanner.moc"
