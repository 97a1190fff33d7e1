#include "common/OsFlavor.h"
#include "host/PathList.h"

#include <QtTest>

class TestOsFlavor : public QObject
{
    Q_OBJECT

private slots:
    void samePathFollowsTheOsRules();
    void displayPathUsesBackslashesForWindows();
    void splitPathLists_data();
    void splitPathLists();
    void expandVariables_data();
    void expandVariables();
    void indexOfComparesExpandedPaths();
};

void TestOsFlavor::samePathFollowsTheOsRules()
{
    QVERIFY(samePath(OsFlavor::Windows, QStringLiteral("C:\\CUDA\\v12.4\\bin\\"), QStringLiteral("c:/cuda/V12.4/BIN")));
    QVERIFY(!samePath(OsFlavor::Linux, QStringLiteral("/usr/local/CUDA"), QStringLiteral("/usr/local/cuda")));
    QVERIFY(samePath(OsFlavor::Linux, QStringLiteral("/usr/local/cuda/"), QStringLiteral("/usr/local/./cuda")));
}

void TestOsFlavor::displayPathUsesBackslashesForWindows()
{
    QCOMPARE(displayPath(OsFlavor::Windows, QStringLiteral("C:/CUDA/v12.4/bin")),
             QStringLiteral("C:\\CUDA\\v12.4\\bin"));
    QCOMPARE(displayPath(OsFlavor::Linux, QStringLiteral("/usr//local/cuda/")), QStringLiteral("/usr/local/cuda"));
    QCOMPARE(joinPath(OsFlavor::Windows, QStringLiteral("C:\\CUDA"), QStringLiteral("bin")),
             QStringLiteral("C:/CUDA/bin"));
}

void TestOsFlavor::splitPathLists_data()
{
    QTest::addColumn<bool>("windows");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QStringList>("entries");

    QTest::newRow("linux") << false
                           << "/usr/local/cuda/bin::/usr/bin:" << QStringList{"/usr/local/cuda/bin", "/usr/bin"};
    QTest::newRow("windows keeps colons of drives") << true << "C:\\a;;D:\\b\\" << QStringList{"C:\\a", "D:\\b\\"};
    QTest::newRow("windows quotes") << true << "\"C:\\Program Files\\x\";%CUDA_PATH%\\bin"
                                    << QStringList{"C:\\Program Files\\x", "%CUDA_PATH%\\bin"};
}

void TestOsFlavor::splitPathLists()
{
    QFETCH(bool, windows);
    QFETCH(QString, value);
    QTEST(PathList::split(windows ? OsFlavor::Windows : OsFlavor::Linux, value), "entries");
}

void TestOsFlavor::expandVariables_data()
{
    QTest::addColumn<bool>("windows");
    QTest::addColumn<QString>("entry");
    QTest::addColumn<QString>("expanded");

    QTest::newRow("windows, name case-insensitive") << true << "%cuda_path%\\bin"
                                                    << "C:\\CUDA\\v12.4\\bin";
    QTest::newRow("windows unknown stays") << true << "%NOPE%\\bin"
                                           << "%NOPE%\\bin";
    QTest::newRow("posix braces") << false << "${CUDA_HOME}/lib64"
                                  << "/opt/cuda/lib64";
    QTest::newRow("posix bare") << false << "$CUDA_HOME/bin"
                                << "/opt/cuda/bin";
    QTest::newRow("posix percent is literal") << false << "%CUDA_PATH%"
                                              << "%CUDA_PATH%";
}

void TestOsFlavor::expandVariables()
{
    QFETCH(bool, windows);
    QFETCH(QString, entry);
    const auto lookup = [windows](const QString& name) -> QString {
        if (windows && name.compare(QLatin1String("CUDA_PATH"), Qt::CaseInsensitive) == 0)
            return QStringLiteral("C:\\CUDA\\v12.4");
        if (!windows && name == QLatin1String("CUDA_HOME"))
            return QStringLiteral("/opt/cuda");
        return {};
    };
    QTEST(PathList::expand(windows ? OsFlavor::Windows : OsFlavor::Linux, entry, lookup), "expanded");
}

void TestOsFlavor::indexOfComparesExpandedPaths()
{
    const QStringList entries{QStringLiteral("C:\\Windows\\system32"), QStringLiteral("%CUDA_PATH%\\bin\\")};
    const auto lookup = [](const QString&) { return QStringLiteral("C:\\CUDA\\v12.4"); };
    QCOMPARE(PathList::indexOf(OsFlavor::Windows, entries, QStringLiteral("c:/cuda/v12.4/bin"), lookup), 1);
    QCOMPARE(PathList::indexOf(OsFlavor::Windows, entries, QStringLiteral("C:/CUDA/v11.8/bin"), lookup), -1);
}

QTEST_GUILESS_MAIN(TestOsFlavor)
#include "TestOsFlavor.moc"
