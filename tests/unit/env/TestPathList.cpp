#include "host/PathList.h"

#include <QtTest>

/** The PATH model with Windows semantics: ";", case, %VAR%, quotes, trailing "\", empty entries, the two limits. */
class TestPathList : public QObject
{
    Q_OBJECT

private slots:
    void splitVerbatimKeepsSpelling_data();
    void splitVerbatimKeepsSpelling();
    void entryKeys_data();
    void entryKeys();
    void duplicatesGoFirstStays();
    void withFirstMovesTheTargetFront_data();
    void withFirstMovesTheTargetFront();
    void withFirstRoundTripsTheRest();
    void lengthVerdicts_data();
    void lengthVerdicts();
};

static const OsFlavor Win = OsFlavor::Windows;

void TestPathList::splitVerbatimKeepsSpelling_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QStringList>("entries");
    QTest::newRow("empty entries dropped") << "C:\\a;;D:\\b;" << QStringList{"C:\\a", "D:\\b"};
    QTest::newRow("blank entry dropped") << "C:\\a; ;D:\\b" << QStringList{"C:\\a", "D:\\b"};
    QTest::newRow("quotes kept") << "\"C:\\Program Files\\x\";%CUDA_PATH%\\bin"
                                 << QStringList{"\"C:\\Program Files\\x\"", "%CUDA_PATH%\\bin"};
    QTest::newRow("trailing backslash kept") << "C:\\a\\" << QStringList{"C:\\a\\"};
    QTest::newRow("nothing") << "" << QStringList{};
}

void TestPathList::splitVerbatimKeepsSpelling()
{
    QFETCH(QString, value);
    QTEST(PathList::splitVerbatim(Win, value), "entries");
}

void TestPathList::entryKeys_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<bool>("same");
    QTest::newRow("case") << "C:\\CUDA\\Bin"
                          << "c:\\cuda\\bin" << true;
    QTest::newRow("trailing backslash") << "C:\\CUDA\\bin\\"
                                        << "C:\\CUDA\\bin" << true;
    QTest::newRow("quotes") << "\"C:\\Program Files\\x\""
                            << "C:\\Program Files\\x" << true;
    QTest::newRow("slashes") << "C:/CUDA/bin"
                             << "C:\\CUDA\\bin" << true;
    QTest::newRow("variables are not expanded") << "%CUDA_PATH%\\bin"
                                                << "C:\\CUDA\\v12.4\\bin" << false;
    QTest::newRow("variable names fold too") << "%cuda_path%\\bin"
                                             << "%CUDA_PATH%\\bin\\" << true;
    QTest::newRow("different") << "C:\\CUDA\\v11.2\\bin"
                               << "C:\\CUDA\\v12.4\\bin" << false;
}

void TestPathList::entryKeys()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(bool, same);
    QCOMPARE(PathList::entryKey(Win, a) == PathList::entryKey(Win, b), same);
}

void TestPathList::duplicatesGoFirstStays()
{
    const QStringList entries{"C:\\A\\", "%X%\\bin", "c:\\a", "D:\\b", "%x%\\BIN", "C:\\A"};
    QCOMPARE(PathList::withoutDuplicates(Win, entries), (QStringList{"C:\\A\\", "%X%\\bin", "D:\\b"}));
    // Linux paths are case-sensitive.
    QCOMPARE(PathList::withoutDuplicates(OsFlavor::Linux, {"/opt/A", "/opt/a", "/opt/A/"}),
             (QStringList{"/opt/A", "/opt/a"}));
}

void TestPathList::withFirstMovesTheTargetFront_data()
{
    QTest::addColumn<QStringList>("entries");
    QTest::addColumn<QStringList>("expected");
    const QString target = QStringLiteral("C:\\CUDA\\v12.4\\bin");
    QTest::newRow("prepended") << QStringList{"C:\\tools"} << QStringList{target, "C:\\tools"};
    QTest::newRow("moved, keeping its spelling")
        << QStringList{"C:\\tools", "c:\\cuda\\V12.4\\BIN\\"} << QStringList{"c:\\cuda\\V12.4\\BIN\\", "C:\\tools"};
    QTest::newRow("expanded variable naming it dropped")
        << QStringList{"%CUDA_PATH%\\bin", "C:\\tools"} << QStringList{target, "C:\\tools"};
    QTest::newRow("quoted one kept as written")
        << QStringList{"\"C:\\CUDA\\v12.4\\bin\"", "C:\\tools"} << QStringList{"\"C:\\CUDA\\v12.4\\bin\"", "C:\\tools"};
    QTest::newRow("two spellings: the first literal one kept")
        << QStringList{"%CUDA_PATH%\\bin", "C:\\tools", "C:\\CUDA\\v12.4\\bin\\", "c:\\cuda\\v12.4\\bin"}
        << QStringList{"C:\\CUDA\\v12.4\\bin\\", "C:\\tools"};
    QTest::newRow("duplicates of others removed")
        << QStringList{"C:\\tools", "%SystemRoot%\\system32", "C:\\TOOLS\\", "%SYSTEMROOT%\\System32"}
        << QStringList{target, "C:\\tools", "%SystemRoot%\\system32"};
    QTest::newRow("empty list") << QStringList{} << QStringList{target};
}

void TestPathList::withFirstMovesTheTargetFront()
{
    QFETCH(QStringList, entries);
    const auto lookup = [](const QString& name) {
        return name.compare(QLatin1String("CUDA_PATH"), Qt::CaseInsensitive) == 0 ? QStringLiteral("C:\\CUDA\\v12.4")
                                                                                  : QString();
    };
    QTEST(PathList::withFirst(Win, entries, {QStringLiteral("C:/CUDA/v12.4/bin")}, lookup), "expected");
}

void TestPathList::withFirstRoundTripsTheRest()
{
    // Everything but the target survives exactly as written: %VAR% tokens, quotes, odd spacing.
    const QString value
        = QStringLiteral("%USERPROFILE%\\AppData\\Local\\Microsoft\\WindowsApps;\"C:\\Program Files\\x\";"
                         "C:\\weird dir ");
    const QStringList after
        = PathList::withFirst(Win, PathList::splitVerbatim(Win, value), {QStringLiteral("D:/t")}, {});
    QCOMPARE(PathList::join(Win, after), QStringLiteral("D:\\t;") + value);
}

void TestPathList::lengthVerdicts_data()
{
    QTest::addColumn<int>("length");
    QTest::addColumn<int>("verdict");
    QTest::newRow("8191 fits cmd") << 8191 << int(PathList::LengthVerdict::Fits);
    QTest::newRow("8192 dropped by cmd") << 8192 << int(PathList::LengthVerdict::TooLongForCmd);
    QTest::newRow("32767 still allowed") << 32767 << int(PathList::LengthVerdict::TooLongForCmd);
    QTest::newRow("32768 refused") << 32768 << int(PathList::LengthVerdict::TooLong);
}

void TestPathList::lengthVerdicts()
{
    QFETCH(int, length);
    QTEST(int(PathList::lengthVerdict(QString(length, QLatin1Char('x')))), "verdict");
}

QTEST_GUILESS_MAIN(TestPathList)
#include "TestPathList.moc"
