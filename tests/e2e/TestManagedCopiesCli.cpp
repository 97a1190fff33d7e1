#include "../unit/repair/RepairFixtures.h"
#include "SilentRun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace RepairFixtures;

/**
 * A copy another package manager keeps is never written (#30): an install into a toolkit whose cuDNN files dpkg,
 * pip and conda list in their records is refused before any change (exit 3) with each manager's own command, and
 * a repair that would restore a file dpkg lists leaves it to dpkg (a manual step naming apt-get). The records are
 * the managers' real formats: dpkg's info/<package>.list, a wheel's RECORD, conda-meta/<name>-<ver>-<build>.json.
 */
class TestManagedCopiesCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void installIsRefusedWhereManagersKeepFiles();
    void repairLeavesADpkgFileToDpkg();
    void detectListsTheOwners();

private:
    using Run = SilentRun::Result;
    Run run(TestTree& tree, const QStringList& arguments) const;
    /** root/lib/libcudnn.so.9 for dpkg, root/lib/libcudnn_ops.so.9 for pip (a venv's RECORD), root/include/cudnn_adv.h
     *  for conda (root is also a conda prefix). Returns the venv's root. */
    QString ownFiles(TestTree& tree, const QString& root) const;

    TestTree m_shared;
    QString m_archive;
};

void TestManagedCopiesCli::initTestCase()
{
    m_archive = writeSpec(m_shared, CudnnArchiveSpec{});
}

TestManagedCopiesCli::Run TestManagedCopiesCli::run(TestTree& tree, const QStringList& arguments) const
{
    SilentRun silent(tree.path(QStringLiteral("report.json")));
    silent.set(QStringLiteral("HOME"), tree.path(QStringLiteral("home")));
    silent.set(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    silent.set(QStringLiteral("CUDNN_SETUP_SYSTEM_ROOT"), tree.path(QStringLiteral("system-root")));
    silent.set(QStringLiteral("CUDNN_SETUP_TEST_DPKG_INFO"), tree.path(QStringLiteral("dpkg/info")));
    return silent.run(arguments + QStringList{QStringLiteral("--path-scope"), QStringLiteral("none")});
}

QString TestManagedCopiesCli::ownFiles(TestTree& tree, const QString& root) const
{
    tree.makeDir(QStringLiteral("home"));
    tree.makeDir(QStringLiteral("system-root/etc"));
    tree.writeFile(QStringLiteral("dpkg/info/libcudnn9-cuda-13.list"),
                   "/.\n/usr\n" + (root + QStringLiteral("/lib/libcudnn.so.9")).toUtf8() + "\n");
    tree.writeFile(QStringLiteral("dpkg/info/bash.list"), "/bin/bash\n");

    tree.writeFile(QStringLiteral("venvs/asr/pyvenv.cfg"), "version = 3.12.3\n");
    const QString site = QStringLiteral("venvs/asr/lib/python3.12/site-packages");
    const QString relative = QDir(tree.path(site)).relativeFilePath(root + QStringLiteral("/lib/libcudnn_ops.so.9"));
    tree.writeFile(site + QStringLiteral("/nvidia_cudnn_cu13-9.19.0.56.dist-info/RECORD"),
                   relative.toUtf8() + ",sha256=AAAA,256\nnvidia/__init__.py,,\n");

    const QJsonObject conda{{QStringLiteral("name"), QStringLiteral("cudnn")},
                            {QStringLiteral("version"), QStringLiteral("9.19.0.56")},
                            {QStringLiteral("files"), QJsonArray{QStringLiteral("include/cudnn_adv.h")}},
                            {QStringLiteral("depends"), QJsonArray{QStringLiteral("cuda-version >=13,<14")}}};
    QDir().mkpath(root + QStringLiteral("/conda-meta"));
    QFile meta(root + QStringLiteral("/conda-meta/cudnn-9.19.0.56-h0_0.json"));
    if (!meta.open(QIODevice::WriteOnly) || meta.write(QJsonDocument(conda).toJson()) < 0)
        qFatal("cannot write the conda record");
    return QFileInfo(tree.path(QStringLiteral("venvs/asr"))).canonicalFilePath();
}

void TestManagedCopiesCli::installIsRefusedWhereManagersKeepFiles()
{
    TestTree tree;
    const QString root = makeToolkit(tree);
    tree.writeFile(QStringLiteral("cuda-13.0/lib/libcudnn.so.9"), "dpkg's bytes");
    tree.writeFile(QStringLiteral("cuda-13.0/lib/libcudnn_ops.so.9"), "pip's bytes");
    tree.writeFile(QStringLiteral("cuda-13.0/include/cudnn_adv.h"), "conda's bytes");
    const QString venv = ownFiles(tree, root);
    const QString before = listing(tree.path(QStringLiteral("cuda-13.0"))) + listing(venv);

    const Run refused = run(tree,
                            {QStringLiteral("--package"), m_archive, QStringLiteral("--cuda-root"), root,
                             QStringLiteral("--python-env"), venv, QStringLiteral("--python-env"), root});
    QVERIFY2(refused.exitCode == 3, refused.out + refused.err);
    QVERIFY2(reportCodes(refused.report).contains(QStringLiteral("INSTALL-MANAGED-FILES")),
             qPrintable(reportCodes(refused.report).join(QLatin1Char(' '))));
    QString fix;
    for (const QJsonValue& d : refused.report.value(QStringLiteral("diagnostics")).toArray()) {
        if (d.toObject().value(QStringLiteral("code")).toString() == QLatin1String("INSTALL-MANAGED-FILES"))
            fix = d.toObject().value(QStringLiteral("fix")).toString();
    }
    QVERIFY2(fix.contains(QStringLiteral("apt-get install --reinstall libcudnn9-cuda-13")), qPrintable(fix));
    QVERIFY2(fix.contains(QStringLiteral("pip install --force-reinstall nvidia_cudnn_cu13==9.19.0.56")), qPrintable(fix));
    QVERIFY2(fix.contains(QStringLiteral("conda install --prefix ") + root + QStringLiteral(" cudnn=9.19.0.56")),
             qPrintable(fix));
    const QString after = listing(tree.path(QStringLiteral("cuda-13.0"))) + listing(venv);
    QVERIFY2(after == before, difference(after, before).constData());
    QVERIFY(!QFileInfo::exists(root + QStringLiteral("/.cudnn-setup/manifest.json")));
}

void TestManagedCopiesCli::repairLeavesADpkgFileToDpkg()
{
    TestTree tree;
    const QString root = makeToolkit(tree);
    const InstallResult installed = install(m_archive, root);
    QVERIFY2(installed.status == InstallResult::Status::Ok, InstallFixtures::describe(installed).constData());
    // dpkg now lists one of the files (a package installed over it since); it is gone, and another is damaged.
    tree.makeDir(QStringLiteral("home"));
    tree.makeDir(QStringLiteral("system-root/etc"));
    const QString ops = root + QStringLiteral("/lib/libcudnn_ops.so.9.19.0");
    tree.writeFile(QStringLiteral("dpkg/info/libcudnn9-cuda-13.list"), ops.toUtf8() + "\n");
    QVERIFY(QFile::remove(ops));
    truncateFile(root + QStringLiteral("/lib/libcudnn_cnn.so.9.19.0"), 0);

    const Run repaired = run(tree, {QStringLiteral("--repair"), QStringLiteral("--cuda-root"), root});
    QVERIFY2(!QFileInfo::exists(ops), "repair wrote a file dpkg keeps");
    QVERIFY2(QFileInfo(root + QStringLiteral("/lib/libcudnn_cnn.so.9.19.0")).size() > 0, "ours was not repaired");
    bool dpkgStep = false;
    const QJsonObject section = repaired.report.value(QStringLiteral("repair")).toObject();
    for (const QJsonValue& value : section.value(QStringLiteral("findings")).toArray()) {
        const QJsonObject finding = value.toObject();
        if (finding.value(QStringLiteral("manual_step")).toString().contains(
                QStringLiteral("apt-get install --reinstall libcudnn9-cuda-13"))) {
            dpkgStep = true;
            QCOMPARE(finding.value(QStringLiteral("remedy")).toString(), QStringLiteral("manual"));
        }
    }
    QVERIFY2(dpkgStep, QJsonDocument(section).toJson().constData());
}

void TestManagedCopiesCli::detectListsTheOwners()
{
    TestTree tree;
    const QString root = makeToolkit(tree);
    tree.writeFile(QStringLiteral("cuda-13.0/lib/libcudnn.so.9"), "dpkg's bytes");
    const QString venv = ownFiles(tree, root);
    // The wheel's own copy, listed in its RECORD, in the venv.
    const QString site = venv + QStringLiteral("/lib/python3.12/site-packages");
    tree.writeFile(QDir(tree.root()).relativeFilePath(site) + QStringLiteral("/nvidia/cudnn/lib/libcudnn.so.9"), "wheel");
    QFile record(site + QStringLiteral("/nvidia_cudnn_cu13-9.19.0.56.dist-info/RECORD"));
    QVERIFY(record.open(QIODevice::Append));
    record.write("nvidia/cudnn/lib/libcudnn.so.9,sha256=BBBB,5\n");
    record.close();

    SilentRun silent(tree.path(QStringLiteral("report.json")));
    silent.set(QStringLiteral("HOME"), tree.path(QStringLiteral("home")));
    silent.set(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    silent.set(QStringLiteral("CUDNN_SETUP_TEST_DPKG_INFO"), tree.path(QStringLiteral("dpkg/info")));
    const Run detected = silent.run({QStringLiteral("--detect"), QStringLiteral("--python-env"), venv});
    QVERIFY2(detected.exitCode == 0, detected.out + detected.err);
    bool wheel = false;
    for (const QJsonValue& value : detected.report.value(QStringLiteral("cudnn")).toArray()) {
        const QJsonObject copy = value.toObject();
        if (copy.value(QStringLiteral("origin")).toString() != QLatin1String("pip"))
            continue;
        wheel = true;
        QCOMPARE(copy.value(QStringLiteral("managed_by")).toString(), QStringLiteral("pip"));
        QCOMPARE(copy.value(QStringLiteral("environment")).toString(), venv);
        QCOMPARE(copy.value(QStringLiteral("cuda_major")).toInt(), 13);
        QCOMPARE(copy.value(QStringLiteral("package")).toString(), QStringLiteral("nvidia_cudnn_cu13"));
    }
    QVERIFY2(wheel, QJsonDocument(detected.report).toJson().constData());
}

QTEST_GUILESS_MAIN(TestManagedCopiesCli)
#include "TestManagedCopiesCli.moc"
