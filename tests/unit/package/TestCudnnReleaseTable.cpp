#include "compat/CompatResource.h"
#include "fetch/RedistIndex.h"
#include "compat/CudnnReleaseTable.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

class TestCudnnReleaseTable : public QObject
{
    Q_OBJECT

private slots:
    void everyRowHasAKnownSource();
    void everyCompatFileRowCitesAUrl_data();
    void everyCompatFileRowCitesAUrl();
    void lookups_data();
    void lookups();
    void zlibwapi();
    void correctedBuilds_data();
    void correctedBuilds();
    void computeCapabilityFloors_data();
    void computeCapabilityFloors();
    void lastCuda11BuildIs910();
    void forwardCompatibilityIsCuda12PlusCudnn9();
    void glibcFloors();
    void everyManifestBuildIsKnown();
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

void TestCudnnReleaseTable::everyCompatFileRowCitesAUrl_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("sections");
    QTest::newRow("releases") << "cudnn-releases.json"
                              << QStringList{QStringLiteral("releases"),
                                             QStringLiteral("forward_compatibility"),
                                             QStringLiteral("os_floors"),
                                             QStringLiteral("zlibwapi")};
    QTest::newRow("drivers") << "cuda-drivers.json"
                             << QStringList{QStringLiteral("toolkits"), QStringLiteral("minor_version_compatibility")};
    QTest::newRow("files") << "cudnn-files.json" << QStringList{QStringLiteral("majors")};
    QTest::newRow("frameworks") << "frameworks.json"
                                << QStringList{QStringLiteral("builds"),
                                               QStringLiteral("load_rules"),
                                               QStringLiteral("aliases"),
                                               QStringLiteral("platform_limits")};
}

void TestCudnnReleaseTable::everyCompatFileRowCitesAUrl()
{
    QFETCH(QString, file);
    QFETCH(QStringList, sections);
    const QJsonObject json = CompatResource::load(file);
    const QJsonObject sources = json.value(QStringLiteral("sources")).toObject();
    for (auto it = sources.begin(); it != sources.end(); ++it) {
        const QJsonObject source = it.value().toObject();
        QVERIFY2(source.value(QStringLiteral("url")).toString().startsWith(QLatin1String("https://")),
                 qPrintable(it.key()));
        QVERIFY2(!source.value(QStringLiteral("what")).toString().isEmpty(), qPrintable(it.key()));
    }
    int rows = 0;
    for (const QString& section : sections) {
        for (const QJsonValue& row : json.value(section).toArray()) {
            ++rows;
            const QString cited = row.toObject().value(QStringLiteral("source")).toString();
            const QStringList keys = cited.split(QStringLiteral(", "), Qt::SkipEmptyParts);
            QVERIFY2(!keys.isEmpty(), qPrintable(QJsonDocument(row.toObject()).toJson()));
            for (const QString& key : keys)
                QVERIFY2(sources.contains(key), qPrintable(file + QStringLiteral(": ") + cited));
            for (const QJsonValue& build : row.toObject().value(QStringLiteral("builds")).toArray()) {
                for (const QJsonValue& requirement :
                     build.toObject().value(QStringLiteral("gpu_requirements")).toArray())
                    QVERIFY(sources.contains(requirement.toObject().value(QStringLiteral("source")).toString()));
            }
        }
    }
    QVERIFY(rows > 0);
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
    QVERIFY(table.releaseFor(Version{9, 27, 0})); // the newest manifest seen
    QVERIFY(!table.releaseFor(Version{9, 28, 0})); // after it: unknown, never guessed
}

/** The builds the 2026-12 corrections name, each from its cited source. */
void TestCudnnReleaseTable::correctedBuilds_data()
{
    QTest::addColumn<QString>("cudnn");
    QTest::addColumn<QString>("packageCuda");
    QTest::addColumn<QString>("toolkit");
    QTest::addColumn<bool>("covered");
    // nixpkgs releases.nix from NVIDIA's URLs: 8.3.2/8.3.3 up to 11.6 (the archive still says _cuda11.5), 8.4.1
    // to 11.7.
    QTest::newRow("8.3.2 _cuda11.5 on 11.6") << "8.3.2"
                                             << "11.5"
                                             << "11.6" << true;
    QTest::newRow("8.3.3 _cuda11.5 on 11.7") << "8.3.3"
                                             << "11.5"
                                             << "11.7" << false;
    QTest::newRow("8.3.0 _cuda11.5 on 11.6") << "8.3.0"
                                             << "11.5"
                                             << "11.6" << false;
    QTest::newRow("8.4.0 _cuda11.6 on 11.7") << "8.4.0"
                                             << "11.6"
                                             << "11.7" << false;
    QTest::newRow("8.4.1 _cuda11.6 on 11.7") << "8.4.1"
                                             << "11.6"
                                             << "11.7" << true;
    // cudnn-850 PDF and the local_installers/10.2 URLs: the _cuda10 builds of 8.5.0-8.7.0 are for 10.2.
    QTest::newRow("8.5.0 _cuda10 on 10.2") << "8.5.0"
                                           << "10"
                                           << "10.2" << true;
    QTest::newRow("8.6.0 _cuda10 on 10.2") << "8.6.0"
                                           << "10"
                                           << "10.2" << true;
    QTest::newRow("8.7.0 _cuda10 on 10.2") << "8.7.0"
                                           << "10"
                                           << "10.2" << true;
    QTest::newRow("8.7.0 _cuda10 on 10.1") << "8.7.0"
                                           << "10"
                                           << "10.1" << false;
    // Manifests: 9.27.0 offers cuda12 and cuda13.
    QTest::newRow("9.27 cuda12 on 12.9") << "9.27.0"
                                         << "12"
                                         << "12.9" << true;
    QTest::newRow("9.27 cuda13 on 13.3") << "9.27.0"
                                         << "13"
                                         << "13.3" << true;
}

void TestCudnnReleaseTable::correctedBuilds()
{
    lookups();
}

void TestCudnnReleaseTable::computeCapabilityFloors_data()
{
    QTest::addColumn<QString>("cudnn");
    QTest::addColumn<QString>("packageCuda");
    QTest::addColumn<QString>("ccMin"); // empty: no source states it
    // 8.4.0 matrix: the 10.2 build from SM 3.0, the 11.x build from 3.5.
    QTest::newRow("8.4.0 10.2") << "8.4.0"
                                << "10.2"
                                << "3.0";
    QTest::newRow("8.4.0 11.x") << "8.4.0"
                                << "11.6"
                                << "3.5";
    QTest::newRow("8.5.0 11.x") << "8.5.0"
                                << "11"
                                << "3.5";
    QTest::newRow("8.5.0 10.2 unknown") << "8.5.0"
                                        << "10"
                                        << "";
    // 9.10.2 matrix still lists 5.0; the 9.11.0 notes drop CC < 7.5 from the CUDA 12 build.
    QTest::newRow("9.10.2 cuda12") << "9.10.2"
                                   << "12"
                                   << "5.0";
    QTest::newRow("9.11.0 cuda12") << "9.11.0"
                                   << "12"
                                   << "7.5";
    QTest::newRow("9.16.0 cuda12") << "9.16.0"
                                   << "12"
                                   << "7.5";
    QTest::newRow("9.12.0 cuda13") << "9.12.0"
                                   << "13"
                                   << "7.5";
}

void TestCudnnReleaseTable::computeCapabilityFloors()
{
    QFETCH(QString, cudnn);
    QFETCH(QString, packageCuda);
    QFETCH(QString, ccMin);
    const auto* release = CudnnReleaseTable::builtIn().releaseFor(*Version::parse(cudnn));
    QVERIFY(release);
    const auto* build = release->buildFor(*Version::parse(packageCuda));
    QVERIFY(build);
    QCOMPARE(build->ccMin ? build->ccMin->toString() : QString(), ccMin);
}

void TestCudnnReleaseTable::lastCuda11BuildIs910()
{
    const CudnnReleaseTable& table = CudnnReleaseTable::builtIn();
    QVERIFY(table.releaseFor(Version{9, 10, 2})->buildFor(Version{11, 8}));
    for (const Version& later : {Version{9, 11, 0}, Version{9, 12, 0}, Version{9, 17, 0}, Version{9, 27, 0}})
        QVERIFY2(!table.releaseFor(later)->buildFor(Version{11}), qPrintable(later.toString()));
    // What advice may name for a CUDA 11 toolkit is never past 9.10; for a Volta on CUDA 12 it is 9.10 too.
    QCOMPARE(table.newestSupporting(Version{7, 0}, 11)->toString(), QStringLiteral("9.10"));
    QCOMPARE(table.newestSupporting(Version{7, 0}, 12)->toString(), QStringLiteral("9.10"));
    QVERIFY(!table.newestSupporting(Version{7, 0}, 13));
}

void TestCudnnReleaseTable::forwardCompatibilityIsCuda12PlusCudnn9()
{
    const CudnnReleaseTable& table = CudnnReleaseTable::builtIn();
    QVERIFY(table.forwardCompatible(Version{9, 0, 0}, 12));
    QVERIFY(table.forwardCompatible(Version{9, 19, 0}, 13));
    QVERIFY(!table.forwardCompatible(Version{9, 5, 1}, 11)); // CUDA 11 builds: no such mode
    QVERIFY(!table.forwardCompatible(Version{8, 9, 7}, 12)); // cuDNN 8: none either
}

void TestCudnnReleaseTable::glibcFloors()
{
    const CudnnReleaseTable& table = CudnnReleaseTable::builtIn();
    QCOMPARE(table.glibcFloor(Version{9, 0, 0})->toString(), QStringLiteral("2.28"));
    QCOMPARE(table.glibcFloor(Version{9, 27, 0})->toString(), QStringLiteral("2.28"));
    QCOMPARE(table.glibcFloor(Version{8, 9, 7})->toString(), QStringLiteral("2.17"));
    QVERIFY(!table.glibcFloor(Version{8, 2, 4})); // not read: unknown
}

void TestCudnnReleaseTable::everyManifestBuildIsKnown()
{
    const QDir data(QStringLiteral(CUDNN_SETUP_MANIFESTS_DIR));
    const QStringList manifests = data.entryList({QStringLiteral("redistrib_*.json")}, QDir::Files);
    QVERIFY2(manifests.size() >= 5, qPrintable(data.path()));
    const CudnnReleaseTable& table = CudnnReleaseTable::builtIn();
    int builds = 0;
    for (const QString& name : manifests) {
        QFile file(data.filePath(name));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QString error;
        const QList<RedistArchive> archives
            = RedistIndex::parseManifest(file.readAll(), QUrl::fromLocalFile(file.fileName()), &error);
        QVERIFY2(!archives.isEmpty(), qPrintable(name + QStringLiteral(": ") + error));
        for (const RedistArchive& archive : archives) {
            ++builds;
            const QString what = QStringLiteral("%1 %2 cuda%3")
                                     .arg(archive.cudnnVersion.toString(), archive.platform)
                                     .arg(archive.cudaMajor.value_or(-1));
            const auto* release = table.releaseFor(archive.cudnnVersion);
            QVERIFY2(release, qPrintable(what));
            QVERIFY2(archive.cudaMajor, qPrintable(what));
            const auto* build = release->buildFor(Version{*archive.cudaMajor});
            QVERIFY2(build && build->cudaMajor == *archive.cudaMajor, qPrintable(what));
            QVERIFY2(build->platforms.isEmpty() || build->platforms.contains(archive.platform), qPrintable(what));
        }
    }
    QCOMPARE(builds, 37); // 8 + 7 + 8 + 6 + 8 archives in the five manifests
    // The 9.27.0 windows-arm64 entry has a cuda13 variant and a bare _cuda13.4 zip: both are offered.
    QFile newest(data.filePath(QStringLiteral("redistrib_9.27.0.json")));
    QVERIFY(newest.open(QIODevice::ReadOnly));
    int arm = 0;
    for (const RedistArchive& archive : RedistIndex::parseManifest(newest.readAll(), QUrl(), nullptr))
        arm += archive.platform == QLatin1String("windows-arm64") ? 1 : 0;
    QCOMPARE(arm, 2);
}

QTEST_GUILESS_MAIN(TestCudnnReleaseTable)
#include "TestCudnnReleaseTable.moc"
