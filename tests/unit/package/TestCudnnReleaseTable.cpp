#include "compat/CompatResource.h"
#include "package/CudnnReleaseTable.h"

#include <QJsonArray>
#include <QtTest>

class TestCudnnReleaseTable : public QObject
{
    Q_OBJECT

private slots:
    void everyRowHasAKnownSource();
    void lookups_data();
    void lookups();
    void zlibwapi();
};

void TestCudnnReleaseTable::everyRowHasAKnownSource()
{
    const QJsonObject json = CompatResource::load(QStringLiteral("cudnn-releases.json"));
    const QJsonObject sources = json.value(QStringLiteral("sources")).toObject();
    QVERIFY(!sources.isEmpty());
    const QJsonArray rows = json.value(QStringLiteral("releases")).toArray();
    QVERIFY(rows.size() >= 15);
    for (const QJsonValue& row : rows) {
        const QString source = row.toObject().value(QStringLiteral("source")).toString();
        QVERIFY2(!source.isEmpty(), qPrintable(row.toObject().value(QStringLiteral("cudnn_from")).toString()));
        bool known = false;
        for (const QString& key : sources.keys())
            known = known || source.contains(key);
        QVERIFY2(known, qPrintable(source));
    }
}

void TestCudnnReleaseTable::lookups_data()
{
    QTest::addColumn<QString>("cudnn");
    QTest::addColumn<QString>("packageCuda");
    QTest::addColumn<QString>("toolkit");
    QTest::addColumn<bool>("covered");
    QTest::newRow("9.19 cuda13 on 13.1") << "9.19.0"
                                         << "13"
                                         << "13.1" << true;
    QTest::newRow("9.19 cuda12 on 12.0") << "9.19.0"
                                         << "12"
                                         << "12.0" << true;
    QTest::newRow("8.2.1 cuda11.3 on 11.3") << "8.2.1"
                                            << "11.3"
                                            << "11.3" << true;
    QTest::newRow("8.2.1 cuda11.3 on 11.4") << "8.2.1"
                                            << "11.3"
                                            << "11.4" << false;
    QTest::newRow("8.3.2 cuda11.5 on 11.5") << "8.3.2"
                                            << "11.5"
                                            << "11.5" << true;
    QTest::newRow("7.6.5 for 10.1 on 10.2") << "7.6.5"
                                            << "10.1"
                                            << "10.2" << false;
    QTest::newRow("7.6.5 for 10.1 on 10.1") << "7.6.5"
                                            << "10.1"
                                            << "10.1" << true;
}

void TestCudnnReleaseTable::lookups()
{
    QFETCH(QString, cudnn);
    QFETCH(QString, packageCuda);
    QFETCH(QString, toolkit);
    const auto* release = CudnnReleaseTable::builtIn().releaseFor(*Version::parse(cudnn));
    QVERIFY(release);
    const auto* build = release->buildFor(*Version::parse(packageCuda));
    QVERIFY(build);
    QTEST(build->coversCuda(*Version::parse(toolkit)), "covered");
}

void TestCudnnReleaseTable::zlibwapi()
{
    const CudnnReleaseTable& table = CudnnReleaseTable::builtIn();
    QVERIFY(table.needsZlibwapi(Version{8, 3, 0}, OsFlavor::Windows));
    QVERIFY(table.needsZlibwapi(Version{9, 1, 1}, OsFlavor::Windows));
    QVERIFY(!table.needsZlibwapi(Version{9, 2, 0}, OsFlavor::Windows));
    QVERIFY(!table.needsZlibwapi(Version{8, 2, 4}, OsFlavor::Windows));
    QVERIFY(!table.needsZlibwapi(Version{8, 9, 7}, OsFlavor::Linux));
    QVERIFY(!table.releaseFor(Version{6, 0, 21}));
    QVERIFY(table.releaseFor(Version{9, 27, 0})); // the newest row is open-ended
}

QTEST_GUILESS_MAIN(TestCudnnReleaseTable)
#include "TestCudnnReleaseTable.moc"
