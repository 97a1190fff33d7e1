#include "../unit/install/InstallFixtures.h"
#include "SilentRun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QtTest>
#include <unistd.h>

using namespace InstallFixtures;

/**
 * The loader tier: every prediction of the search-path analysis checked against the loader itself. As root, each
 * case names private folders in the machine's real /etc/ld.so.conf.d (000-... or zzz-cudnn-setup-test-<pid>.conf),
 * runs ldconfig, and starts a fresh login shell (`env -i HOME=... bash -lc`) whose cudnn-probe loads libcudnn.so.9 by
 * bare name and says which file the loader chose; the report's winner must be that file. The conf files are taken
 * out and ldconfig run again in every outcome (QScopeGuard and cleanup()). Skipped (exit 77) when not root, without
 * ldconfig, or without the machine's CUDA 13.0 toolkit, whose cuDNN the cache names (the copy that wins unless
 * something comes first). ctest runs these one at a time (RESOURCE_LOCK loader_cache).
 */
class TestLoaderTier : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void cleanupTestCase();
    void installIntoACopyTheCacheNamesFirstReachesNewPrograms();
    void staleCacheIsWhatNewProgramsGetUntilRepairRebuildsIt();
    void confNamingTheToolkitFirstOrLast_data();
    void confNamingTheToolkitFirstOrLast();
    void ldLibraryPathFromTheLoginProfile();

private:
    /** Writes /etc/ld.so.conf.d/<prefix>-cudnn-setup-test-<pid>.conf naming folders; ldconfig unless told not to. */
    void nameInLoaderConf(const QString& prefix, const QStringList& folders, bool rebuild = true);
    static void ldconfig();
    /** Takes every private conf file out again and rebuilds the cache: in every outcome. */
    void removeConfs();
    /** Which file a fresh login shell of the test's home gets for libcudnn.so.9 (the probe's dladdr). */
    QString observed() const;
    SilentRun::Result run(const QStringList& arguments) const;
    /** The report's winner for library, before or after the change. */
    static QString predicted(const QJsonObject& report, const QString& library, const QString& when);
    /** A fake libcudnn.so.9 (tests/fakes) in folder. */
    void placeFakeCudnn(const QString& folder) const;
    static QString canonical(const QString& path) { return QFileInfo(path).canonicalFilePath(); }

    TestTree m_shared;
    QString m_archive;
    std::unique_ptr<TestTree> m_tree;
    QString m_home;
    QString m_copy; // a CUDA 13.0 toolkit of the test's own
    QStringList m_confs;
};

void TestLoaderTier::initTestCase()
{
    if (::geteuid() != 0 || QStandardPaths::findExecutable(QStringLiteral("ldconfig"), {"/sbin", "/usr/sbin"}).isEmpty()
        || !QFileInfo::exists(RealCuda + QStringLiteral("/lib/libcudnn.so.9")))
        QSKIP("the loader tier needs root, ldconfig and /usr/local/cuda-13.0 with its cuDNN");
    m_archive = writeArchive(m_shared, realCudnn919(), CudnnArchiveSpec{}.fileName());
}

void TestLoaderTier::init()
{
    m_tree = std::make_unique<TestTree>();
    m_home = m_tree->makeDir(QStringLiteral("home"));
    m_tree->writeFile(QStringLiteral("home/.profile"), "export EDITOR=vi\n");
    m_copy = makeToolkit(*m_tree);
    // The copy's nvcc first on PATH (as the machine's own toolkit would be), so no PATH fix hides the question.
    m_tree->writeFile(QStringLiteral("cuda-13.0/bin/nvcc"),
                      "#!/bin/sh\necho 'Cuda compilation tools, release 13.0, V13.0.48'\n");
    QFile::setPermissions(m_copy + QStringLiteral("/bin/nvcc"),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
                              | QFile::ReadOther | QFile::ExeOther);
}

void TestLoaderTier::removeConfs()
{
    for (const QString& conf : std::as_const(m_confs))
        QFile::remove(conf);
    if (!m_confs.isEmpty())
        ldconfig();
    m_confs.clear();
}

void TestLoaderTier::cleanup()
{
    removeConfs();
    m_tree.reset();
}

void TestLoaderTier::cleanupTestCase()
{
    // Whatever an aborted earlier run left: no private conf survives the tier.
    const QDir confD(QStringLiteral("/etc/ld.so.conf.d"));
    const QStringList left = confD.entryList({QStringLiteral("*-cudnn-setup-test-*.conf")}, QDir::Files);
    for (const QString& name : left)
        QFile::remove(confD.filePath(name));
    if (!left.isEmpty())
        ldconfig();
}

void TestLoaderTier::nameInLoaderConf(const QString& prefix, const QStringList& folders, bool rebuild)
{
    const QString conf = QStringLiteral("/etc/ld.so.conf.d/%1-cudnn-setup-test-%2.conf").arg(prefix).arg(getpid());
    QFile file(conf);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(folders.join(QLatin1Char('\n')).toUtf8() + '\n');
    file.close();
    if (!m_confs.contains(conf))
        m_confs.append(conf);
    if (rebuild)
        ldconfig();
}

void TestLoaderTier::ldconfig()
{
    QProcess process;
    process.start(QStringLiteral("ldconfig"), {});
    QVERIFY(process.waitForFinished(120000));
    QCOMPARE(process.exitCode(), 0);
}

QString TestLoaderTier::observed() const
{
    // A new login: nothing of this process's environment, the login profile read by the shell itself.
    QProcess shell;
    shell.setProcessEnvironment(QProcessEnvironment());
    const QString probe = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR") + QStringLiteral("/cudnn-probe");
    shell.start(QStringLiteral("/usr/bin/env"),
                {QStringLiteral("-i"),
                 QStringLiteral("HOME=") + m_home,
                 QStringLiteral("PATH=/usr/bin:/bin"),
                 QStringLiteral("/bin/bash"),
                 QStringLiteral("-lc"),
                 QStringLiteral("exec \"$0\" cudnn --library libcudnn.so.9"),
                 probe});
    if (!shell.waitForFinished(60000))
        return QStringLiteral("(the probe did not finish)");
    const QJsonObject cudnn
        = QJsonDocument::fromJson(shell.readAllStandardOutput()).object().value(QStringLiteral("cudnn")).toObject();
    if (!cudnn.value(QStringLiteral("loaded")).toBool())
        return QStringLiteral("(nothing loaded: %1)").arg(cudnn.value(QStringLiteral("error")).toString());
    return canonical(cudnn.value(QStringLiteral("path")).toString());
}

SilentRun::Result TestLoaderTier::run(const QStringList& arguments) const
{
    SilentRun silent(m_tree->path(QStringLiteral("report.json")));
    silent.set(QStringLiteral("HOME"), m_home);
    silent.set(QStringLiteral("PATH"), m_copy + QStringLiteral("/bin:") + qEnvironmentVariable("PATH"));
    silent.unset(QStringLiteral("CUDNN_SETUP_SYSTEM_ROOT")); // the machine's own /etc: the loader reads nothing else
    return silent.run(arguments);
}

QString TestLoaderTier::predicted(const QJsonObject& report, const QString& library, const QString& when)
{
    const QJsonArray libraries
        = report.value(QStringLiteral("environment")).toObject().value(QStringLiteral("libraries")).toArray();
    for (const QJsonValue& value : libraries) {
        const QJsonObject entry = value.toObject();
        if (entry.value(QStringLiteral("library")).toString() != library)
            continue;
        const QJsonObject winner = entry.value(when).toObject().value(QStringLiteral("winner")).toObject();
        return winner.isEmpty() ? QStringLiteral("(no winner)")
                                : canonical(winner.value(QStringLiteral("path")).toString());
    }
    return QStringLiteral("(%1 not in the report)").arg(library);
}

void TestLoaderTier::placeFakeCudnn(const QString& folder) const
{
    QDir().mkpath(folder);
    const QString fake = qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/cudnn-9/libcudnn.so.9");
    QFile::remove(folder + QStringLiteral("/libcudnn.so.9"));
    QVERIFY(QFile::copy(fake, folder + QStringLiteral("/libcudnn.so.9")));
}

void TestLoaderTier::installIntoACopyTheCacheNamesFirstReachesNewPrograms()
{
    auto restore = qScopeGuard([this] { removeConfs(); });
    // The H200 case: the copy's lib64 named first, the cache rebuilt while it held no cuDNN.
    nameInLoaderConf(QStringLiteral("000"), {m_copy + QStringLiteral("/lib64")});
    QCOMPARE(observed(), canonical(RealCuda + QStringLiteral("/lib/libcudnn.so.9")));

    const SilentRun::Result installed = run({QStringLiteral("--package"),
                                             m_archive,
                                             QStringLiteral("--cuda-root"),
                                             m_copy,
                                             QStringLiteral("--no-verify"),
                                             QStringLiteral("--no-benchmark")});
    QVERIFY2(installed.exitCode == 0, installed.out + installed.err);
    const QString installedCopy = canonical(m_copy + QStringLiteral("/lib64/libcudnn.so.9"));
    // New programs load the installed copy, and the report said so (the real libraries: the others are stand-ins
    // ldconfig cannot read).
    QCOMPARE(observed(), installedCopy);
    for (const QString& library : {QStringLiteral("libcudnn.so.9"), QStringLiteral("libcudnn_graph.so.9")})
        QCOMPARE(predicted(installed.report, library, QStringLiteral("after")),
                 canonical(m_copy + QStringLiteral("/lib64/") + library));
    QVERIFY2(installed.report.value(QStringLiteral("environment"))
                 .toObject()
                 .value(QStringLiteral("loader_cache"))
                 .toObject()
                 .value(QStringLiteral("rebuilt"))
                 .toBool(),
             QJsonDocument(installed.report).toJson());

    const SilentRun::Result removed = run({QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_copy});
    QVERIFY2(removed.exitCode == 0, removed.out + removed.err);
    // The cache names no removed file: ldconfig -p lists nothing below the copy.
    QProcess cache;
    cache.start(QStringLiteral("ldconfig"), {QStringLiteral("-p")});
    QVERIFY(cache.waitForFinished(60000));
    const QString listed = QString::fromUtf8(cache.readAllStandardOutput());
    QVERIFY2(!listed.contains(m_copy), qPrintable(listed));
    QCOMPARE(observed(), canonical(RealCuda + QStringLiteral("/lib/libcudnn.so.9")));
}

void TestLoaderTier::staleCacheIsWhatNewProgramsGetUntilRepairRebuildsIt()
{
    auto restore = qScopeGuard([this] { removeConfs(); });
    // Installed where no conf file looks (nothing to rebuild), then named first without ldconfig: the cache is
    // stale, as after a hand copy or an install by an earlier release.
    const SilentRun::Result installed = run({QStringLiteral("--package"),
                                             m_archive,
                                             QStringLiteral("--cuda-root"),
                                             m_copy,
                                             QStringLiteral("--path-scope"),
                                             QStringLiteral("none"),
                                             QStringLiteral("--no-verify"),
                                             QStringLiteral("--no-benchmark")});
    QVERIFY2(installed.exitCode == 0, installed.out + installed.err);
    nameInLoaderConf(QStringLiteral("000"), {m_copy + QStringLiteral("/lib64")}, false);

    const QString now = observed();
    QCOMPARE(now, canonical(RealCuda + QStringLiteral("/lib/libcudnn.so.9")));
    const SilentRun::Result dryRun
        = run({QStringLiteral("--repair"), QStringLiteral("--dry-run"), QStringLiteral("--cuda-root"), m_copy});
    QCOMPARE(predicted(dryRun.report, QStringLiteral("libcudnn.so.9"), QStringLiteral("before")), now);
    QVERIFY2(reportCodes(dryRun.report).contains(QStringLiteral("ENV-LOADER-CACHE-STALE")),
             QJsonDocument(dryRun.report).toJson());

    const SilentRun::Result repaired = run({QStringLiteral("--repair"), QStringLiteral("--cuda-root"), m_copy});
    // The cache is rebuilt in the repair's transaction; what is left (the machine's /usr/local/cuda pointing at
    // its own toolkit while the copy's nvcc comes first on PATH) is for a person to decide.
    const QJsonObject repair = repaired.report.value(QStringLiteral("repair")).toObject();
    QCOMPARE(repair.value(QStringLiteral("status")).toString(), QStringLiteral("repaired"));
    const QJsonArray applied = repair.value(QStringLiteral("applied")).toArray();
    QVERIFY2(std::any_of(applied.begin(),
                         applied.end(),
                         [](const QJsonValue& fix) {
                             return fix.toObject().value(QStringLiteral("kind")).toString()
                                 == QStringLiteral("loader_cache");
                         }),
             QJsonDocument(repair).toJson());
    // Rebuilt: the cache no longer differs from what ldconfig makes of the conf files.
    QVERIFY2(
        !QJsonDocument(repair.value(QStringLiteral("remaining")).toArray()).toJson().contains("ENV-LOADER-CACHE-STALE"),
        QJsonDocument(repair).toJson());
    QCOMPARE(observed(), canonical(m_copy + QStringLiteral("/lib64/libcudnn.so.9")));
}

void TestLoaderTier::confNamingTheToolkitFirstOrLast_data()
{
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<bool>("toolkitWins");
    // zz-cuda-13-0.conf names the machine's toolkit: 000- comes before it, zzz- after ('-' sorts before 'z').
    QTest::newRow("first") << QStringLiteral("000") << true;
    QTest::newRow("last") << QStringLiteral("zzz") << false;
}

void TestLoaderTier::confNamingTheToolkitFirstOrLast()
{
    QFETCH(QString, prefix);
    QFETCH(bool, toolkitWins);
    auto restore = qScopeGuard([this] { removeConfs(); });
    placeFakeCudnn(m_copy + QStringLiteral("/lib"));
    nameInLoaderConf(prefix, {m_copy + QStringLiteral("/lib64")});

    const QString now = observed();
    QCOMPARE(now,
             toolkitWins ? canonical(m_copy + QStringLiteral("/lib/libcudnn.so.9"))
                         : canonical(RealCuda + QStringLiteral("/lib/libcudnn.so.9")));
    const SilentRun::Result dryRun = run(
        {QStringLiteral("--dry-run"), QStringLiteral("--package"), m_archive, QStringLiteral("--cuda-root"), m_copy});
    QCOMPARE(predicted(dryRun.report, QStringLiteral("libcudnn.so.9"), QStringLiteral("before")), now);
}

void TestLoaderTier::ldLibraryPathFromTheLoginProfile()
{
    auto restore = qScopeGuard([this] { removeConfs(); });
    const QString own = m_tree->path(QStringLiteral("own-lib"));
    placeFakeCudnn(own);
    m_tree->writeFile(QStringLiteral("home/.profile"),
                      "export EDITOR=vi\nexport LD_LIBRARY_PATH=\"" + own.toUtf8()
                          + "${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\"\n");

    const QString now = observed();
    QCOMPARE(now, canonical(own + QStringLiteral("/libcudnn.so.9")));
    const SilentRun::Result dryRun = run(
        {QStringLiteral("--dry-run"), QStringLiteral("--package"), m_archive, QStringLiteral("--cuda-root"), m_copy});
    QCOMPARE(predicted(dryRun.report, QStringLiteral("libcudnn.so.9"), QStringLiteral("before")), now);
}

QTEST_GUILESS_MAIN(TestLoaderTier)
#include "TestLoaderTier.moc"
