#include "common/Version.h"

#include <QtTest>

class TestVersion : public QObject
{
    Q_OBJECT

private slots:
    void parse_data();
    void parse();
    void compare_data();
    void compare();
    void cudnnCodes_data();
    void cudnnCodes();
    void cudaCodes();
    void sameRelease();
};

void TestVersion::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("printed");
    QTest::addColumn<int>("major");
    QTest::addColumn<int>("minor");

    QTest::newRow("cuda") << "13.0" << true << "13.0" << 13 << 0;
    QTest::newRow("cudnn 8 with build") << "8.0.5.39" << true << "8.0.5.39" << 8 << 0;
    QTest::newRow("cudnn 9") << "9.19.0.56" << true << "9.19.0.56" << 9 << 19;
    QTest::newRow("v prefix from an archive name") << "v8.2.0.53" << true << "8.2.0.53" << 8 << 2;
    QTest::newRow("driver keeps two-digit part") << "550.54.03" << true << "550.54.03" << 550 << 54;
    QTest::newRow("major only") << "12" << true << "12" << 12 << 0;
    QTest::newRow("empty") << "" << false << "" << 0 << 0;
    QTest::newRow("trailing dot") << "12." << false << "" << 0 << 0;
    QTest::newRow("letters") << "12.x" << false << "" << 0 << 0;
    QTest::newRow("negative") << "-1.0" << false << "" << 0 << 0;
    QTest::newRow("non-ascii digits") << QString::fromUtf8("١٢.٠") << false << "" << 0 << 0;
}

void TestVersion::parse()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    const auto version = Version::parse(text);
    QCOMPARE(version.has_value(), valid);
    if (!valid)
        return;
    QTEST(version->toString(), "printed");
    QTEST(version->major(), "major");
    QTEST(version->minor(), "minor");
}

void TestVersion::compare_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("expected");

    QTest::newRow("equal") << "13.0"
                           << "13.0" << 0;
    QTest::newRow("missing parts are zero") << "13.0"
                                            << "13.0.0" << 0;
    QTest::newRow("numeric not lexical") << "9.10.0"
                                         << "9.9.0" << 1;
    QTest::newRow("driver") << "550.54.14"
                            << "550.144.03" << -1;
    QTest::newRow("build number counts") << "8.0.5.39"
                                         << "8.0.5.40" << -1;
    QTest::newRow("major wins") << "12.9"
                                << "13.0" << -1;
}

void TestVersion::compare()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, expected);
    QCOMPARE(Version::parse(a)->compare(*Version::parse(b)), expected);
    QCOMPARE(Version::parse(b)->compare(*Version::parse(a)), -expected);
}

void TestVersion::cudnnCodes_data()
{
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("expected");
    // cudnn-facts.md §3
    QTest::newRow("7.6.5") << 7605 << "7.6.5";
    QTest::newRow("8.0.5") << 8005 << "8.0.5";
    QTest::newRow("8.9.4") << 8904 << "8.9.4";
    QTest::newRow("9.1.0") << 90100 << "9.1.0";
    QTest::newRow("9.10.0") << 91000 << "9.10.0";
    QTest::newRow("9.19.0") << 91900 << "9.19.0";
}

void TestVersion::cudnnCodes()
{
    QFETCH(int, code);
    QTEST(Version::fromCudnnCode(code).toString(), "expected");
}

void TestVersion::cudaCodes()
{
    QCOMPARE(Version::fromCudaCode(13000).toString(), QStringLiteral("13.0"));
    QCOMPARE(Version::fromCudaCode(12040).toString(), QStringLiteral("12.4"));
    QCOMPARE(Version::fromCudaCode(11080).toString(), QStringLiteral("11.8"));
    QCOMPARE(Version::fromCudaCode(10020).toString(), QStringLiteral("10.2"));
}

void TestVersion::sameRelease()
{
    QVERIFY(Version::parse(u"13.0")->sameRelease(*Version::parse(u"13.0.88")));
    QVERIFY(!Version::parse(u"13.0")->sameRelease(*Version::parse(u"13.1.0")));
    QCOMPARE(Version::parse(u"13.0.88")->truncated(2).toString(), QStringLiteral("13.0"));
}

QTEST_GUILESS_MAIN(TestVersion)
#include "TestVersion.moc"
