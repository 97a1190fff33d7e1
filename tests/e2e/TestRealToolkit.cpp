#include "../unit/install/InstallFixtures.h"
#include "SilentRun.h"

#include <QJsonArray>
#include <QtTest>
#include <cstdio>
#include <cstdlib>

using namespace InstallFixtures;

/**
 * The real-toolkit tier (ctest label "realtoolkit"): the binary against the machine's real CUDA 13.0 toolkit with
 * real cuDNN 9.19, read only, where it exists. NVIDIA's layout is what the fixtures only imitate: lib64 -> lib,
 * /usr/local/cuda -> cuda-13.0, and the loader cache naming cuda-13.0/lib. A healthy toolkit has no finding and
 * exits 0. HOME and "/" (the ld.so.conf files, /usr/local/cuda) are a temporary tree whose /usr/local/cuda-13.0 is a
 * link to the real one, so the search order is the machine's while nothing real can be written.
 */
class TestRealToolkit : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void detectFindsItWhole();
    void repairDryRunFindsNothing();
    void installDryRunFindsNothingInTheWay();

private:
    SilentRun::Result run(const QStringList& arguments) const;
    /** The report's diagnostics worse than information, as "CODE: message" lines. */
    static QStringList problems(const QJsonObject& report);

    TestTree m_tree;
};

void TestRealToolkit::initTestCase()
{
    if (!QFileInfo::exists(RealCuda + QStringLiteral("/include/cudnn_version.h"))) {
        // ctest counts exit 77 as skipped (SKIP_RETURN_CODE): this tier needs the machine's toolkit, which CI has.
        std::fprintf(stdout, "SKIP: no CUDA toolkit with cuDNN at %s\n", qPrintable(RealCuda));
        std::fflush(stdout);
        std::exit(77);
    }
    m_tree.makeDir(QStringLiteral("home"));
    // "/" as the loader sees it here: the machine's ld.so.conf files, and /usr/local as NVIDIA's installer leaves it.
    for (const QString& conf : QDir(QStringLiteral("/etc/ld.so.conf.d")).entryList({QStringLiteral("*.conf")})) {
        QFile file(QStringLiteral("/etc/ld.so.conf.d/") + conf);
        QVERIFY(file.open(QIODevice::ReadOnly));
        m_tree.writeFile(QStringLiteral("root/etc/ld.so.conf.d/") + conf, file.readAll());
    }
    m_tree.writeFile(QStringLiteral("root/etc/ld.so.conf"), "include /etc/ld.so.conf.d/*.conf\n");
    m_tree.symlink(QStringLiteral("root/usr/local/cuda-13.0"), RealCuda);
    m_tree.symlink(QStringLiteral("root/usr/local/cuda"), QStringLiteral("cuda-13.0"));
}

SilentRun::Result TestRealToolkit::run(const QStringList& arguments) const
{
    SilentRun silent(m_tree.path(QStringLiteral("report.json")));
    silent.set(QStringLiteral("HOME"), m_tree.path(QStringLiteral("home")));
    silent.set(QStringLiteral("CUDNN_SETUP_SYSTEM_ROOT"), m_tree.path(QStringLiteral("root")));
    // nvcc through the /usr/local/cuda link, as NVIDIA's instructions put it on PATH.
    silent.set(QStringLiteral("PATH"), QStringLiteral("/usr/local/cuda/bin:/usr/bin:/bin"));
    return silent.run(arguments);
}

QStringList TestRealToolkit::problems(const QJsonObject& report)
{
    QStringList found;
    for (const QJsonValue& value : report.value(QStringLiteral("diagnostics")).toArray()) {
        const QJsonObject d = value.toObject();
        if (d.value(QStringLiteral("severity")).toString() != QLatin1String("info"))
            found.append(d.value(QStringLiteral("code")).toString() + QStringLiteral(": ")
                         + d.value(QStringLiteral("message")).toString());
    }
    return found;
}

void TestRealToolkit::detectFindsItWhole()
{
    const SilentRun::Result detected = run({QStringLiteral("--detect"), QStringLiteral("--cuda-root"), RealCuda});
    QCOMPARE(detected.exitCode, 0);
    QJsonObject toolkit;
    for (const QJsonValue& value : detected.report.value(QStringLiteral("toolkits")).toArray()) {
        if (value.toObject().value(QStringLiteral("root")).toString() == RealCuda)
            toolkit = value.toObject();
    }
    QVERIFY2(!toolkit.isEmpty(), detected.out);
    QCOMPARE(toolkit.value(QStringLiteral("version")).toString(), QStringLiteral("13.0"));
    bool cudnn = false;
    for (const QJsonValue& value : detected.report.value(QStringLiteral("cudnn")).toArray()) {
        const QJsonObject install = value.toObject();
        cudnn = cudnn
            || (install.value(QStringLiteral("root")).toString() == RealCuda
                && install.value(QStringLiteral("version")).toString().startsWith(QStringLiteral("9.19")));
    }
    QVERIFY2(cudnn, detected.out);
}

void TestRealToolkit::repairDryRunFindsNothing()
{
    const SilentRun::Result repair
        = run({QStringLiteral("--repair"), QStringLiteral("--dry-run"), QStringLiteral("--cuda-root"), RealCuda});
    // Before identity: ten ENV-SHADOW-USER findings, each naming one file by two of its names, and exit 1.
    QVERIFY2(repair.exitCode == 0, repair.out + repair.err);
    QCOMPARE(problems(repair.report), QStringList{});
    const QJsonObject environment = repair.report.value(QStringLiteral("environment")).toObject();
    QCOMPARE(environment.value(QStringLiteral("conflicts")).toArray(), QJsonArray{});
    QCOMPARE(environment.value(QStringLiteral("plan")).toObject().value(QStringLiteral("steps")).toArray(),
             QJsonArray{});
    QCOMPARE(environment.value(QStringLiteral("cuda_link")).toObject().value(QStringLiteral("points_at_target")),
             QJsonValue(true));
    QVERIFY2(!repair.out.contains("ENV-SHADOW"), repair.out);
}

void TestRealToolkit::installDryRunFindsNothingInTheWay()
{
    // The real cuDNN 9.19 files' names (and their links), small stand-ins for their bytes.
    const QString archive = writeSpec(m_tree, CudnnArchiveSpec{});
    const SilentRun::Result dryRun = run({QStringLiteral("--dry-run"),
                                          QStringLiteral("--package"),
                                          archive,
                                          QStringLiteral("--cuda-root"),
                                          RealCuda,
                                          QStringLiteral("--no-benchmark")});
    QVERIFY2(dryRun.exitCode == 0, dryRun.out + dryRun.err);
    const QJsonObject environment = dryRun.report.value(QStringLiteral("environment")).toObject();
    QCOMPARE(environment.value(QStringLiteral("conflicts")).toArray(), QJsonArray{});
    QCOMPARE(environment.value(QStringLiteral("plan")).toObject().value(QStringLiteral("steps")).toArray(),
             QJsonArray{});
    for (const QString& problem : problems(dryRun.report))
        QVERIFY2(!problem.startsWith(QStringLiteral("ENV-")), qPrintable(problem));
}

QTEST_GUILESS_MAIN(TestRealToolkit)
#include "TestRealToolkit.moc"
