#include "RemedyText.h"
#include "TestDiagnostic.h"
#include "common/OsFlavor.h"
#include "repair/RepairFinding.h"

#include <QRegularExpression>
#include <QtTest>

/** The command line's words for each fix action: the option that does it, after core's plain sentence. */
class TestRemedyText : public QObject
{
    Q_OBJECT

private slots:
    void eachActionNamesWhatToType_data();
    void eachActionNamesWhatToType();
    void everyActionIsWorded();
    void sentenceAndActionMakeOneLine();
    void repairStepsGetTheirActionToo();
};

void TestRemedyText::eachActionNamesWhatToType_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("argument");
    QTest::addColumn<QString>("expected");
    using K = FixAction::Kind;
    QTest::newRow("toolkit") << int(K::ChooseToolkit) << QString() << "Name the toolkit with --cuda-root DIR.";
    QTest::newRow("toolkit named") << int(K::ChooseToolkit) << "/opt/cuda-12.4"
                                   << "Name the toolkit with --cuda-root /opt/cuda-12.4.";
    QTest::newRow("package") << int(K::ChoosePackage) << QString() << "Give the archive with --package FILE.";
    QTest::newRow("package named") << int(K::ChoosePackage) << "cudnn.tar.xz"
                                   << "Give the archive (cudnn.tar.xz) with --package FILE.";
    QTest::newRow("package and toolkit") << int(K::ChoosePackageAndToolkit) << QString()
                                         << "Give them with --package FILE --cuda-root DIR.";
    QTest::newRow("install again") << int(K::InstallAgain) << "/opt/cuda-13.0"
                                   << "Run: cudnn-setup --silent --package FILE --cuda-root /opt/cuda-13.0";
    QTest::newRow("install again, no root")
        << int(K::InstallAgain) << QString() << "Run: cudnn-setup --silent --package FILE";
    QTest::newRow("repair") << int(K::RunRepair) << QString() << "Run: cudnn-setup --repair";
    QTest::newRow("elevate") << int(K::Elevate) << QString()
                             << (hostOsFlavor() == OsFlavor::Windows
                                     ? "Run the same command in an administrator prompt."
                                     : "Run the same command as root (sudo).");
    QTest::newRow("cache") << int(K::ChooseCacheFolder) << QString() << "Name the cache folder with --cache DIR.";
    QTest::newRow("mirror") << int(K::UseMirror) << QString()
                            << "Name the mirror with --mirror URL (a folder: --mirror DIR).";
    QTest::newRow("index") << int(K::NameIndex) << QString()
                           << "Point --mirror at that folder, or name the file with --manifest URL.";
    QTest::newRow("framework") << int(K::InstallFramework) << "onnxruntime-gpu>=1.19"
                               << "Run in that environment: pip install \"onnxruntime-gpu>=1.19\"";
    QTest::newRow("dll folder") << int(K::AddDllDirectory) << "C:\\cudnn\\bin"
                                << "Before the import, add: os.add_dll_directory(r\"C:\\cudnn\\bin\")";
    QTest::newRow("none") << int(K::None) << QString() << QString();
}

void TestRemedyText::eachActionNamesWhatToType()
{
    QFETCH(int, kind);
    QFETCH(QString, argument);
    QFETCH(QString, expected);
    QCOMPARE(RemedyText::action(FixAction::of(FixAction::Kind(kind), argument)), expected);
}

void TestRemedyText::everyActionIsWorded()
{
    // A new action without command-line words would print a bare sentence that names no way to do it.
    // A framework's fix is typed in its own environment or program: pip, or an os.add_dll_directory line.
    static const QRegularExpression option(
        QStringLiteral("--[a-z]|\\b(sudo|administrator)\\b|pip install |os\\.add_dll_directory\\("));
    for (FixAction::Kind kind : FixAction::allKinds()) {
        if (kind == FixAction::Kind::None)
            continue;
        const QString text = RemedyText::action(FixAction::of(kind));
        QVERIFY2(option.match(text).hasMatch(), qPrintable(FixAction::kindName(kind) + QStringLiteral(": ") + text));
    }
}

void TestRemedyText::sentenceAndActionMakeOneLine()
{
    Diagnostic d = testDiagnostic(Severity::Error,
                                  QStringLiteral("CUDA-NONE-FOUND"),
                                  QStringLiteral("No CUDA toolkit was found."),
                                  QStringLiteral("Install it."));
    QCOMPARE(RemedyText::fix(d), QStringLiteral("Install it."));
    d.offering(FixAction::Kind::ChooseToolkit);
    QCOMPARE(RemedyText::fix(d), QStringLiteral("Install it. Name the toolkit with --cuda-root DIR."));
    d.fix.clear();
    QCOMPARE(RemedyText::fix(d), QStringLiteral("Name the toolkit with --cuda-root DIR."));
}

void TestRemedyText::repairStepsGetTheirActionToo()
{
    RepairFinding finding;
    finding.manualStep = QStringLiteral("Install cuDNN 9.19.0 into /opt/cuda again.");
    finding.manualAction = FixAction::of(FixAction::Kind::InstallAgain, QStringLiteral("/opt/cuda"));
    QCOMPARE(RemedyText::manualStep(finding),
             QStringLiteral("Install cuDNN 9.19.0 into /opt/cuda again. Run: cudnn-setup --silent --package FILE "
                            "--cuda-root /opt/cuda"));
}

QTEST_GUILESS_MAIN(TestRemedyText)
#include "TestRemedyText.moc"
