#include "ArchiveBuilder.h"
#include "SilentRun.h"
#include "TestTree.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

/**
 * `cudnn-setup --silent --dry-run --package ARCHIVE --for-machine FILE | --for-machines DIR`: the verdict for other
 * machines from their detect JSON, Linux and Windows files alike, and the file this machine writes judged the same
 * as this machine itself.
 */
class TestForMachineCli : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void linuxMachineThatFitsIsPlanned();
    void linuxMachineWithAVoltaAndOldGlibcIsRejected();
    void windowsMachineFileIsJudgedByWindowsRules();
    void jetsonIsNotAnArmServer();
    void labTableNamesTheMachinesThatDoNotFit();
    void labWhereEveryMachineFitsExitsZero();
    void thisMachinesFileRoundTrips();
    void wrongUseIsAUsageError();

private:
    using Run = SilentRun::Result;
    Run dryRun(const QStringList& arguments);
    QString archive(const CudnnArchiveSpec& spec);
    QString machine(const QString& name, const QJsonObject& json, const QString& folder = QStringLiteral("lab"));
    static QJsonObject linuxMachine(const QString& cc = QStringLiteral("8.6"),
                                    const QString& toolkit = QStringLiteral("13.0"),
                                    const QString& glibc = QStringLiteral("2.35"));
    static QJsonObject windowsMachine();
    static QStringList codes(const QJsonObject& report, const QString& severity = {});

    std::unique_ptr<TestTree> m_tree;
};

void TestForMachineCli::init()
{
    m_tree = std::make_unique<TestTree>();
}

TestForMachineCli::Run TestForMachineCli::dryRun(const QStringList& arguments)
{
    SilentRun silent(m_tree->path(QStringLiteral("report.json")));
    silent.setTimeLimit(120000);
    return silent.run(QStringList{QStringLiteral("--dry-run")} + arguments);
}

QString TestForMachineCli::archive(const CudnnArchiveSpec& spec)
{
    const QString path = m_tree->path(QStringLiteral("pkgs/") + spec.fileName());
    QDir().mkpath(QFileInfo(path).absolutePath());
    spec.build().write(path);
    return path;
}

QString TestForMachineCli::machine(const QString& name, const QJsonObject& json, const QString& folder)
{
    return m_tree->writeFile(folder + QLatin1Char('/') + name + QStringLiteral(".json"), QJsonDocument(json).toJson());
}

/** What --detect --json prints on a Linux x86_64 box; the toolkit lies in a folder this machine does not have. */
QJsonObject TestForMachineCli::linuxMachine(const QString& cc, const QString& toolkit, const QString& glibc)
{
    const QString root = QStringLiteral("/opt/lab/cuda-") + toolkit;
    return QJsonObject{
        {QStringLiteral("schema"), 1},
        {QStringLiteral("command"), QStringLiteral("detect")},
        {QStringLiteral("platform"), QStringLiteral("linux")},
        {QStringLiteral("redist_platform"), QStringLiteral("linux-x86_64")},
        {QStringLiteral("os"),
         QJsonObject{{QStringLiteral("name"), QStringLiteral("Ubuntu")},
                     {QStringLiteral("version"), QStringLiteral("22.04")},
                     {QStringLiteral("glibc"), glibc}}},
        {QStringLiteral("driver"),
         QJsonObject{{QStringLiteral("found"), true},
                     {QStringLiteral("version"), QStringLiteral("580.95.05")},
                     {QStringLiteral("newest_cuda"), QStringLiteral("13.0")}}},
        {QStringLiteral("gpus"),
         QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                {QStringLiteral("name"), QStringLiteral("Lab GPU")},
                                {QStringLiteral("compute_capability"), cc}}}},
        {QStringLiteral("toolkits"),
         QJsonArray{QJsonObject{
             {QStringLiteral("root"), root}, {QStringLiteral("version"), toolkit}, {QStringLiteral("active"), true}}}},
        {QStringLiteral("active_toolkit"), root},
    };
}

QJsonObject TestForMachineCli::windowsMachine()
{
    const QString root = QStringLiteral("C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.8");
    return QJsonObject{
        {QStringLiteral("platform"), QStringLiteral("windows")},
        {QStringLiteral("redist_platform"), QStringLiteral("windows-x86_64")},
        {QStringLiteral("os"),
         QJsonObject{{QStringLiteral("name"), QStringLiteral("Windows")},
                     {QStringLiteral("version"), QStringLiteral("10.0.22631")}}},
        {QStringLiteral("driver"),
         QJsonObject{{QStringLiteral("found"), true}, {QStringLiteral("version"), QStringLiteral("576.57")}}},
        {QStringLiteral("gpus"),
         QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                {QStringLiteral("name"), QStringLiteral("NVIDIA GeForce RTX 4070")},
                                {QStringLiteral("compute_capability"), QStringLiteral("8.9")}}}},
        {QStringLiteral("toolkits"),
         QJsonArray{QJsonObject{{QStringLiteral("root"), root},
                                {QStringLiteral("version"), QStringLiteral("12.8")},
                                {QStringLiteral("active"), true}}}},
        {QStringLiteral("active_toolkit"), root},
    };
}

QStringList TestForMachineCli::codes(const QJsonObject& report, const QString& severity)
{
    QStringList found;
    for (const QJsonValue& value : report.value(QStringLiteral("diagnostics")).toArray()) {
        const QJsonObject d = value.toObject();
        if (severity.isEmpty() || d.value(QStringLiteral("severity")).toString() == severity)
            found.append(d.value(QStringLiteral("code")).toString());
    }
    return found;
}

void TestForMachineCli::linuxMachineThatFitsIsPlanned()
{
    const QString package = archive(CudnnArchiveSpec{});
    const QString file = machine(QStringLiteral("node01"), linuxMachine());
    const Run run = dryRun({QStringLiteral("--package"), package, QStringLiteral("--for-machine"), file});
    QVERIFY2(run.exitCode == 0, run.out + run.err);
    QCOMPARE(run.report.value(QStringLiteral("status")).toString(), QStringLiteral("planned"));
    // The toolkit is the file's, which does not exist here: nothing of this machine was detected.
    QCOMPARE(run.report.value(QStringLiteral("candidates")).toObject().value(QStringLiteral("toolkit")).toString(),
             QStringLiteral("/opt/lab/cuda-13.0"));
    QCOMPARE(run.report.value(QStringLiteral("verdict")).toObject().value(QStringLiteral("level")).toString(),
             QStringLiteral("ok"));
    QVERIFY2(codes(run.report, QStringLiteral("error")).isEmpty(), run.out);
    for (const QString& code : codes(run.report))
        QVERIFY2(!code.startsWith(QLatin1String("DRV-")) && !code.startsWith(QLatin1String("CUDA-")), qPrintable(code));
    QVERIFY2(run.out.contains("node01.json"), run.out);
}

void TestForMachineCli::linuxMachineWithAVoltaAndOldGlibcIsRejected()
{
    CudnnArchiveSpec spec;
    spec.cuda = QStringLiteral("12");
    const QString package = archive(spec);
    // A V100 (7.0) on RHEL 7's glibc 2.17: cuDNN 9.19's CUDA 12 build dropped pre-Turing GPUs (9.11.0), and cuDNN 9
    // needs glibc 2.28.
    const QString file = machine(QStringLiteral("v100"),
                                 linuxMachine(QStringLiteral("7.0"), QStringLiteral("12.8"), QStringLiteral("2.17")));
    const Run run = dryRun({QStringLiteral("--package"), package, QStringLiteral("--for-machine"), file});
    QCOMPARE(run.exitCode, 3);
    QCOMPARE(run.report.value(QStringLiteral("status")).toString(), QStringLiteral("rejected"));
    const QStringList errors = codes(run.report, QStringLiteral("error"));
    QVERIFY2(errors.contains(QStringLiteral("PKG-GPU-UNSUPPORTED")), qPrintable(errors.join(u' ')));
    QVERIFY2(errors.contains(QStringLiteral("PKG-OS-TOO-OLD")), qPrintable(errors.join(u' ')));
    // The advice names the newest release that still supports the GPU: 9.10, the last before 9.11 dropped it.
    QString fix;
    for (const QJsonValue& value : run.report.value(QStringLiteral("diagnostics")).toArray()) {
        if (value.toObject().value(QStringLiteral("code")).toString() == QLatin1String("PKG-GPU-UNSUPPORTED"))
            fix = value.toObject().value(QStringLiteral("fix")).toString();
    }
    QVERIFY2(fix.contains(QLatin1String("cuDNN 9.10 or older")), qPrintable(fix));
}

void TestForMachineCli::windowsMachineFileIsJudgedByWindowsRules()
{
    CudnnArchiveSpec linux;
    linux.cuda = QStringLiteral("12");
    const QString file = machine(QStringLiteral("win01"), windowsMachine());
    const Run onLinuxArchive
        = dryRun({QStringLiteral("--package"), archive(linux), QStringLiteral("--for-machine"), file});
    QCOMPARE(onLinuxArchive.exitCode, 3);
    QVERIFY(codes(onLinuxArchive.report, QStringLiteral("error")).contains(QStringLiteral("PKG-PLATFORM-MISMATCH")));

    CudnnArchiveSpec windows;
    windows.layout = CudnnArchiveSpec::Layout::WindowsBinX64;
    windows.cuda = QStringLiteral("12");
    const Run onWindowsArchive
        = dryRun({QStringLiteral("--package"), archive(windows), QStringLiteral("--for-machine"), file});
    QVERIFY2(onWindowsArchive.exitCode == 0, onWindowsArchive.out + onWindowsArchive.err);
    QCOMPARE(onWindowsArchive.report.value(QStringLiteral("status")).toString(), QStringLiteral("planned"));
    QCOMPARE(onWindowsArchive.report.value(QStringLiteral("candidates"))
                 .toObject()
                 .value(QStringLiteral("toolkit"))
                 .toString(),
             QStringLiteral("C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.8"));
    QCOMPARE(onWindowsArchive.report.value(QStringLiteral("machine"))
                 .toObject()
                 .value(QStringLiteral("platform"))
                 .toString(),
             QStringLiteral("windows"));
}

void TestForMachineCli::jetsonIsNotAnArmServer()
{
    CudnnArchiveSpec sbsa;
    sbsa.machine = SyntheticBinary::ElfAarch64;
    QString name = sbsa.fileName();
    QVERIFY2(name.contains(QLatin1String("linux-sbsa")), qPrintable(name));
    QJsonObject jetson = linuxMachine(QStringLiteral("8.7"));
    jetson.insert(QStringLiteral("redist_platform"), QStringLiteral("linux-aarch64"));
    const Run run = dryRun({QStringLiteral("--package"),
                            archive(sbsa),
                            QStringLiteral("--for-machine"),
                            machine(QStringLiteral("orin"), jetson)});
    QCOMPARE(run.exitCode, 3);
    QVERIFY(codes(run.report, QStringLiteral("error")).contains(QStringLiteral("PKG-PLATFORM-MISMATCH")));
    QVERIFY2(run.out.contains("linux-aarch64"), run.out);

    QJsonObject server = jetson;
    server.insert(QStringLiteral("redist_platform"), QStringLiteral("linux-sbsa"));
    const Run onServer = dryRun({QStringLiteral("--package"),
                                 m_tree->path(QStringLiteral("pkgs/") + name),
                                 QStringLiteral("--for-machine"),
                                 machine(QStringLiteral("grace"), server)});
    QVERIFY2(onServer.exitCode == 0, onServer.out + onServer.err);
}

void TestForMachineCli::labTableNamesTheMachinesThatDoNotFit()
{
    const QString package = archive(CudnnArchiveSpec{}); // 9.19, CUDA 13, Linux x86_64
    machine(QStringLiteral("lab-a100"), linuxMachine(QStringLiteral("8.0")));
    machine(QStringLiteral("lab-p100"), linuxMachine(QStringLiteral("6.0")));
    machine(QStringLiteral("lab-win"), windowsMachine());
    m_tree->writeFile(QStringLiteral("lab/notes.txt"), "not a machine");
    const Run run = dryRun(
        {QStringLiteral("--package"), package, QStringLiteral("--for-machines"), m_tree->path(QStringLiteral("lab"))});
    QCOMPARE(run.exitCode, 3);
    QCOMPARE(run.report.value(QStringLiteral("status")).toString(), QStringLiteral("rejected"));
    const QJsonArray machines = run.report.value(QStringLiteral("machines")).toArray();
    QCOMPARE(machines.size(), 3);
    QMap<QString, QString> status;
    for (const QJsonValue& value : machines)
        status.insert(value.toObject().value(QStringLiteral("name")).toString(),
                      value.toObject().value(QStringLiteral("status")).toString());
    QCOMPARE(status.value(QStringLiteral("lab-a100")), QStringLiteral("planned"));
    QCOMPARE(status.value(QStringLiteral("lab-p100")), QStringLiteral("rejected"));
    QCOMPARE(status.value(QStringLiteral("lab-win")), QStringLiteral("rejected"));
    QVERIFY2(run.out.contains("lab-p100, lab-win"), run.out);
    const QStringList errors = codes(run.report, QStringLiteral("error"));
    QVERIFY2(errors.contains(QStringLiteral("PKG-GPU-UNSUPPORTED"))
                 && errors.contains(QStringLiteral("PKG-PLATFORM-MISMATCH")),
             qPrintable(errors.join(u' ')));
    const QList<QByteArray> lines = run.out.split('\n');
    const auto row = [&](const QByteArray& name) {
        for (const QByteArray& line : lines) {
            if (line.startsWith(name + ' '))
                return line;
        }
        return QByteArray();
    };
    QVERIFY2(row("lab-a100").contains("fits"), run.out);
    QVERIFY2(row("lab-p100").contains("rejected") && row("lab-p100").contains("PKG-GPU-UNSUPPORTED"), run.out);
    QVERIFY2(row("lab-win").contains("PKG-PLATFORM-MISMATCH"), run.out);
}

void TestForMachineCli::labWhereEveryMachineFitsExitsZero()
{
    const QString package = archive(CudnnArchiveSpec{});
    machine(QStringLiteral("a"), linuxMachine(QStringLiteral("8.6")));
    // Newer than 9.19 knows (CUDNN_MAX_SM 12.1 in the header): forward compatibility, a warning.
    machine(QStringLiteral("b"), linuxMachine(QStringLiteral("13.0")));
    CudnnArchiveSpec spec;
    spec.maxSm = QStringLiteral("12.1");
    const QString withMax = archive(spec);
    Q_UNUSED(package);
    const Run run = dryRun(
        {QStringLiteral("--package"), withMax, QStringLiteral("--for-machines"), m_tree->path(QStringLiteral("lab"))});
    QVERIFY2(run.exitCode == 0, run.out + run.err);
    QCOMPARE(run.report.value(QStringLiteral("status")).toString(), QStringLiteral("planned"));
    const QJsonArray machines = run.report.value(QStringLiteral("machines")).toArray();
    QCOMPARE(machines.size(), 2);
    const QJsonObject b = machines.at(1).toObject();
    QCOMPARE(b.value(QStringLiteral("verdict")).toObject().value(QStringLiteral("level")).toString(),
             QStringLiteral("warning"));
    QVERIFY2(QJsonDocument(b).toJson().contains("PKG-GPU-FORWARD-COMPAT"), QJsonDocument(b).toJson());
}

/** A verdict's reasons, less those about the archive file itself. */
static QJsonArray aboutTheMachine(const QJsonObject& verdict, const QString& archive)
{
    QJsonArray reasons;
    for (const QJsonValue& reason : verdict.value(QStringLiteral("reasons")).toArray()) {
        if (reason.toObject().value(QStringLiteral("subject")).toString() != archive)
            reasons.append(reason);
    }
    return reasons;
}

void TestForMachineCli::thisMachinesFileRoundTrips()
{
    // A toolkit of our own, so the round trip holds on any machine; the rest (driver, GPUs, OS) is this machine's.
    m_tree->writeFile(QStringLiteral("cuda-13.0/include/cuda.h"), "#define CUDA_VERSION 13000\n");
    m_tree->makeDir(QStringLiteral("cuda-13.0/lib"));
    const QString root = QFileInfo(m_tree->path(QStringLiteral("cuda-13.0"))).canonicalFilePath();
    QProcess detect;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LD_LIBRARY_PATH"));
    detect.setProcessEnvironment(env);
    detect.start(SilentRun::binary(),
                 {QStringLiteral("--detect"), QStringLiteral("--json"), QStringLiteral("--cuda-root"), root});
    QVERIFY(detect.waitForFinished(60000));
    QCOMPARE(detect.exitCode(), 0);
    const QString file = m_tree->writeFile(QStringLiteral("me/this.json"), detect.readAllStandardOutput());

    for (const QString& cuda : {QStringLiteral("13"), QStringLiteral("12")}) {
        CudnnArchiveSpec spec;
        spec.cuda = cuda;
        const QString package = archive(spec);
        const Run here = dryRun({QStringLiteral("--package"), package, QStringLiteral("--cuda-root"), root});
        const Run byFile = dryRun({QStringLiteral("--package"),
                                   package,
                                   QStringLiteral("--cuda-root"),
                                   root,
                                   QStringLiteral("--for-machine"),
                                   file});
        QCOMPARE(byFile.exitCode, here.exitCode);
        QCOMPARE(byFile.report.value(QStringLiteral("status")).toString(),
                 here.report.value(QStringLiteral("status")).toString());
        const QJsonObject hereVerdict = here.report.value(QStringLiteral("verdict")).toObject();
        const QJsonObject fileVerdict = byFile.report.value(QStringLiteral("verdict")).toObject();
        QCOMPARE(fileVerdict.value(QStringLiteral("level")), hereVerdict.value(QStringLiteral("level")));
        // What the machine decides is the same. A dry run here refuses an archive its name rules out without
        // reading it; a judgement for other machines reads each archive once for them all, so it may also say what
        // reading found about the archive itself.
        QCOMPARE(aboutTheMachine(fileVerdict, package), aboutTheMachine(hereVerdict, package));
    }
}

void TestForMachineCli::wrongUseIsAUsageError()
{
    const QString package = archive(CudnnArchiveSpec{});
    const QString file = machine(QStringLiteral("x"), linuxMachine());
    SilentRun silent(m_tree->path(QStringLiteral("report.json")));
    // Without --dry-run: judging for another machine never installs.
    QCOMPARE(silent.run({QStringLiteral("--package"), package, QStringLiteral("--for-machine"), file}).exitCode, 2);
    const QString broken = m_tree->writeFile(QStringLiteral("broken.json"), "{\"platform\": \"amiga\"}");
    const Run run = dryRun({QStringLiteral("--package"), package, QStringLiteral("--for-machine"), broken});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("broken.json"), run.err);
}

QTEST_GUILESS_MAIN(TestForMachineCli)
#include "TestForMachineCli.moc"
