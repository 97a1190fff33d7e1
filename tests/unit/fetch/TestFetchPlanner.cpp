#include "FetchCode.h"
#include "FetchPlanner.h"
#include "frameworks/FrameworkCode.h"
#include "frameworks/FrameworkJudge.h"

#include <QtTest>

namespace {

RedistArchive offer(const Version& cudnn, int cuda, const QString& platform = QStringLiteral("linux-x86_64"))
{
    RedistArchive archive;
    archive.cudnnVersion = cudnn;
    archive.releaseLabel = cudnn.truncated(3).toString();
    archive.platform = platform;
    archive.cudaMajor = cuda;
    const QString extension
        = platform.startsWith(QLatin1String("windows")) ? QStringLiteral("zip") : QStringLiteral("tar.xz");
    archive.relativePath = QStringLiteral("cudnn/%1/cudnn-%1-%2_cuda%3-archive.%4")
                               .arg(platform, cudnn.toString())
                               .arg(cuda)
                               .arg(extension);
    archive.url = QUrl(QStringLiteral("http://mirror.lab/redist/")).resolved(QUrl(archive.relativePath));
    archive.size = 1000 + cuda;
    archive.sha256 = QString::fromLatin1(
        QCryptographicHash::hash(archive.relativePath.toUtf8(), QCryptographicHash::Sha256).toHex());
    archive.manifest = QUrl(QStringLiteral("http://mirror.lab/redist/redistrib_%1.json").arg(archive.releaseLabel));
    return archive;
}

/** What NVIDIA's root offered for Linux and Windows across three releases (9.10 still had a CUDA 11 build). */
QList<RedistArchive> offered()
{
    return {offer(Version{9, 10, 2, 21}, 11),
            offer(Version{9, 10, 2, 21}, 12),
            offer(Version{9, 16, 0, 29}, 12),
            offer(Version{9, 16, 0, 29}, 13),
            offer(Version{9, 19, 0, 56}, 12),
            offer(Version{9, 19, 0, 56}, 13),
            offer(Version{9, 19, 0, 56}, 13, QStringLiteral("windows-x86_64")),
            offer(Version{9, 19, 0, 56}, 13, QStringLiteral("linux-sbsa"))};
}

SystemSnapshot machine(const QStringList& toolkits, const QString& driver, const QStringList& gpus)
{
    SystemSnapshot system;
    system.os = OsFlavor::Linux;
    system.driver.found = true;
    system.driver.version = Version::parse(driver);
    int index = 0;
    for (const QString& cc : gpus) {
        GpuInfo gpu;
        gpu.index = index++;
        gpu.name = QStringLiteral("GPU with %1").arg(cc);
        gpu.computeCapability = *Version::parse(cc);
        system.gpus.append(gpu);
    }
    for (const QString& version : toolkits) {
        CudaToolkit toolkit;
        toolkit.root = QStringLiteral("/opt/cuda-") + version;
        toolkit.version = Version::parse(version);
        system.toolkits.append(toolkit);
    }
    return system;
}

FetchPlanner planner()
{
    return FetchPlanner(CpuArch::X86_64,
                        PackageValidator(CudnnReleaseTable::builtIn(), CudaDriverTable::builtIn(), CpuArch::X86_64));
}

QString label(const RedistArchive* archive)
{
    return archive
        ? QStringLiteral("%1/cuda%2").arg(archive->cudnnVersion.truncated(3).toString()).arg(*archive->cudaMajor)
        : QString();
}

/** What NVIDIA's real manifests (tests/unit/package/data/redistrib) offer, parsed as a fetch reads them. */
QList<RedistArchive> realOffer()
{
    QList<RedistArchive> all;
    // This folder's data/ does not exist, so the path is resolved by name, not by the file system.
    const QDir folder(QDir::cleanPath(qEnvironmentVariable("CUDNN_SETUP_TEST_DATA")
                                      + QStringLiteral("/../../package/data/redistrib")));
    for (const QString& name : folder.entryList({QStringLiteral("redistrib_*.json")}, QDir::Files, QDir::Name)) {
        QFile file(folder.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(file.fileName()));
        QString error;
        all += RedistIndex::parseManifest(
            file.readAll(), QUrl(QStringLiteral("http://mirror.lab/cudnn/redist/") + name), &error);
        if (!error.isEmpty())
            qFatal("%s: %s", qPrintable(name), qPrintable(error));
    }
    return all;
}

/** Frameworks in one venv, judged on a machine whose search path holds no cuDNN yet. */
FrameworkVerdicts frameworksIn(const QStringList& installed)
{
    QList<FrameworkSubject> subjects;
    for (const QString& entry : installed) {
        FrameworkSubject subject;
        subject.environment = QStringLiteral("/home/u/venv");
        subject.environmentKind = QStringLiteral("venv");
        subject.distribution = entry.section(QLatin1Char('='), 0, 0);
        subject.package = FrameworkTable::builtIn().packageFor(subject.distribution);
        subject.version = entry.section(QLatin1Char('='), -1);
        subjects.append(subject);
    }
    return FrameworkJudge().judgeAll(subjects, MachineFacts{});
}

/** torch 2.5.1 with its nvidia-cudnn-cu12 9.1.0.70 wheel: it loads that, whatever is installed here. */
FrameworkVerdicts torchWithItsWheel()
{
    FrameworkSubject torch;
    torch.environment = QStringLiteral("/home/u/venv");
    torch.distribution = torch.package = QStringLiteral("torch");
    torch.version = QStringLiteral("2.5.1");
    CudnnCopyFact wheel;
    wheel.version = Version{9, 1, 0, 70};
    wheel.path = QStringLiteral("/home/u/venv/nvidia/cudnn/lib");
    wheel.origin = QStringLiteral("pip");
    torch.ownCopies = {wheel};
    return FrameworkJudge().judgeAll({torch}, MachineFacts{});
}

} // namespace

/** The newest archive on offer that fits, chosen and explained by the package rules before anything downloads. */
class TestFetchPlanner : public QObject
{
    Q_OBJECT

private slots:
    void choosesTheNewestThatFits_data();
    void choosesTheNewestThatFits();
    void losersSayWhyInThePickersWords();
    void nothingCompatibleSaysWhatWouldBeNeeded_data();
    void nothingCompatibleSaysWhatWouldBeNeeded();
    void otherPlatformsOnly();
    void twoToolkitsNeedAChoiceUnlessOneIsNamed();
    void explanationAndJson();
    void servesTheFrameworksFromRealManifests_data();
    void servesTheFrameworksFromRealManifests();
};

void TestFetchPlanner::choosesTheNewestThatFits_data()
{
    QTest::addColumn<QString>("toolkit");
    QTest::addColumn<QString>("driver");
    QTest::addColumn<QStringList>("gpus");
    QTest::addColumn<QString>("chosen");
    QTest::newRow("CUDA 13, Ampere") << "13.0"
                                     << "580.95.05" << QStringList{"8.6"} << "9.19.0/cuda13";
    QTest::newRow("CUDA 12.4, Ada and Hopper") << "12.4"
                                               << "550.54.15" << QStringList{"8.9", "9.0"} << "9.19.0/cuda12";
    // 9.11.0 dropped Maxwell, Pascal and Volta from the CUDA 12 build (release notes): a Pascal card keeps 9.10.
    QTest::newRow("CUDA 12.4, Pascal beside Ampere") << "12.4"
                                                     << "550.54.15" << QStringList{"8.6", "6.1"} << "9.10.2/cuda12";
    QTest::newRow("CUDA 11.8") << "11.8"
                               << "520.61.05" << QStringList{"7.5"} << "9.10.2/cuda11";
    QTest::newRow("no GPU seen: a warning, not a block") << "13.0"
                                                         << "580.95.05" << QStringList{} << "9.19.0/cuda13";
}

void TestFetchPlanner::choosesTheNewestThatFits()
{
    QFETCH(QString, toolkit);
    QFETCH(QString, driver);
    QFETCH(QStringList, gpus);
    QFETCH(QString, chosen);
    const SystemSnapshot system = machine({toolkit}, driver, gpus);
    const FetchPlan plan = planner().plan(offered(), system, std::nullopt, false);
    QVERIFY2(plan.ok(), qPrintable(plan.explanation()));
    QCOMPARE(label(plan.chosen()), chosen);
    QCOMPARE(plan.platform, QStringLiteral("linux-x86_64"));
    QCOMPARE(plan.archives.size(), 6); // Linux x86-64 only
    QCOMPARE(plan.otherPlatforms, 2);
    QCOMPARE(plan.choice.toolkitRoot, QStringLiteral("/opt/cuda-") + toolkit);
    QVERIFY(containsCode(plan.findings, FetchCode::Chosen));
    QVERIFY(!containsCode(plan.findings, FetchCode::NoneCompatible));
}

void TestFetchPlanner::losersSayWhyInThePickersWords()
{
    const SystemSnapshot system = machine(
        {QStringLiteral("12.4")}, QStringLiteral("550.54.15"), {QStringLiteral("8.6"), QStringLiteral("6.1")});
    const FetchPlan plan = planner().plan(offered(), system, std::nullopt, false);
    QVERIFY(plan.ok());
    const PackageValidator validator(CudnnReleaseTable::builtIn(), CudaDriverTable::builtIn(), CpuArch::X86_64);
    for (qsizetype i = 0; i < plan.archives.size(); ++i) {
        const PackageCandidate& candidate = plan.choice.candidates.at(i);
        if (candidate.chosen)
            continue;
        const PackageVerdict verdict
            = validator.validate(FetchPlanner::describe(plan.archives.at(i)), system, system.toolkits.first(), false);
        if (const PackageFinding* block = verdict.firstBlock())
            QCOMPARE(candidate.whyNot, block->diagnostic.message); // the validator's own sentence
        else
            QCOMPARE(candidate.whyNot,
                     QStringLiteral("cuDNN %1 is older than the chosen 9.16.0.")
                         .arg(plan.archives.at(i).cudnnVersion.truncated(3).toString()));
    }
    const auto whyNot = [&](const QString& wanted) {
        for (qsizetype i = 0; i < plan.archives.size(); ++i) {
            if (label(&plan.archives.at(i)) == wanted)
                return plan.choice.candidates.at(i).whyNot;
        }
        return QString();
    };
    QCOMPARE(whyNot(QStringLiteral("9.19.0/cuda13")),
             QStringLiteral("This is cuDNN 9.19.0 for CUDA 13; your toolkit is 12.4."));
    QVERIFY2(whyNot(QStringLiteral("9.19.0/cuda12"))
                 .contains(QLatin1String("GPU 1 (GPU with 6.1, compute capability 6.1) is older")),
             qPrintable(whyNot(QStringLiteral("9.19.0/cuda12"))));
}

void TestFetchPlanner::nothingCompatibleSaysWhatWouldBeNeeded_data()
{
    QTest::addColumn<QString>("toolkit");
    QTest::addColumn<QString>("driver");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("fix");
    QTest::newRow("driver too old for CUDA 13")
        << "13.0"
        << "570.124.06"
        << "the newest build for CUDA 13, cuDNN 9.19.0 for CUDA 13 (linux-x86_64), is held back"
        << "Update the NVIDIA driver to 580";
    QTest::newRow("no build for CUDA 10") << "10.2"
                                          << "580.95.05"
                                          << "No cuDNN offered for linux-x86_64 is built for CUDA 10, the toolkit at "
                                             "/opt/cuda-10.2 (there are builds for CUDA 11, 12, 13)"
                                          << "a cuDNN release built for CUDA 10";
}

void TestFetchPlanner::nothingCompatibleSaysWhatWouldBeNeeded()
{
    QFETCH(QString, toolkit);
    QFETCH(QString, driver);
    QFETCH(QString, message);
    QFETCH(QString, fix);
    const FetchPlan plan
        = planner().plan(offered(), machine({toolkit}, driver, {QStringLiteral("8.6")}), std::nullopt, false);
    QVERIFY(!plan.ok());
    QVERIFY(!plan.chosen());
    QVERIFY(containsCode(plan.choice.findings, PackageCode::NoneCompatible)); // the picker's verdict
    QCOMPARE(plan.findings.size(), 1);
    const Diagnostic& needed = plan.findings.first().diagnostic;
    QCOMPARE(needed.code, FetchCode::NoneCompatible);
    QVERIFY2(needed.message.contains(message), qPrintable(needed.message));
    QVERIFY2(needed.fix.contains(fix), qPrintable(needed.fix));
    for (const PackageCandidate& candidate : plan.choice.candidates)
        QVERIFY(!candidate.whyNot.isEmpty());
}

void TestFetchPlanner::otherPlatformsOnly()
{
    const QList<RedistArchive> windowsOnly{offer(Version{9, 19, 0, 56}, 13, QStringLiteral("windows-x86_64"))};
    const FetchPlan plan = planner().plan(
        windowsOnly, machine({QStringLiteral("13.0")}, QStringLiteral("580.95.05"), {}), std::nullopt, false);
    QVERIFY(!plan.ok());
    QCOMPARE(plan.otherPlatforms, 1);
    QCOMPARE(plan.findings.size(), 1);
    QCOMPARE(plan.findings.first().diagnostic.message,
             QStringLiteral("The mirror offers no cuDNN for linux-x86_64 (it has: windows-x86_64)."));
}

void TestFetchPlanner::twoToolkitsNeedAChoiceUnlessOneIsNamed()
{
    const SystemSnapshot system = machine(
        {QStringLiteral("12.9"), QStringLiteral("13.0")}, QStringLiteral("580.95.05"), {QStringLiteral("8.6")});
    const FetchPlan tie = planner().plan(offered(), system, std::nullopt, false);
    QVERIFY(!tie.ok());
    QStringList tied = tie.choice.ambiguousToolkits;
    tied.sort();
    QCOMPARE(tied, (QStringList{QStringLiteral("/opt/cuda-12.9"), QStringLiteral("/opt/cuda-13.0")}));
    QVERIFY(tie.findings.isEmpty()); // a tie is not "nothing compatible"

    const FetchPlan named = planner().plan(offered(), system, QStringLiteral("/opt/cuda-12.9"), false);
    QVERIFY(named.ok());
    QCOMPARE(label(named.chosen()), QStringLiteral("9.19.0/cuda12"));
}

void TestFetchPlanner::explanationAndJson()
{
    const FetchPlan plan
        = planner().plan(offered(),
                         machine({QStringLiteral("13.0")}, QStringLiteral("580.95.05"), {QStringLiteral("8.6")}),
                         std::nullopt,
                         false);
    const QString text = plan.explanation(2);
    QVERIFY2(text.startsWith(QStringLiteral("Fetch cuDNN 9.19.0 for CUDA 13 (linux-x86_64), 0.0 MiB, from "
                                            "http://mirror.lab/redist/cudnn/linux-x86_64/")),
             qPrintable(text));
    QVERIFY(text.contains(QLatin1String("is the newest of 6 offered for linux-x86_64 that fits the toolkit at "
                                        "/opt/cuda-13.0 (CUDA 13.0), the driver 580.95.05 and 1 GPU(s).")));
    QVERIFY(text.contains(QLatin1String("Not chosen:\n  cuDNN 9.19.0 for CUDA 12 (linux-x86_64): This is cuDNN 9.19.0 "
                                        "for CUDA 12; your toolkit is 13.0.")));
    QVERIFY2(text.contains(QLatin1String("... and 3 more")), qPrintable(text));

    const QJsonObject json = plan.toJson();
    QCOMPARE(json.value(QStringLiteral("candidates")).toArray().size(), 6);
    QCOMPARE(json.value(QStringLiteral("chosen")).toObject().value(QStringLiteral("cuda_variant")).toInt(), 13);
    QCOMPARE(json.value(QStringLiteral("other_platforms")).toInt(), 2);
}

void TestFetchPlanner::servesTheFrameworksFromRealManifests_data()
{
    QTest::addColumn<QStringList>("frameworks"); // name=version in one venv
    QTest::addColumn<QString>("chosen");
    QTest::addColumn<QString>("code"); // empty: no framework sentence
    QTest::addColumn<QString>("saying");
    QTest::newRow("none: the newest") << QStringList{} << "9.27.0/cuda12"
                                      << ""
                                      << "";
    QTest::newRow("TensorFlow 2.15 wants 8.9+")
        << QStringList{"tensorflow=2.15.0"} << "8.9.7/cuda12" << FrameworkCode::ChoiceServes << "tensorflow 2.15.0";
    QTest::newRow("ONNX Runtime 1.18.0 wants 8") << QStringList{"onnxruntime-gpu=1.18.0"} << "8.9.7/cuda12"
                                                 << FrameworkCode::ChoiceServes << "onnxruntime-gpu 1.18.0";
    QTest::newRow("TensorFlow 2.18 wants 9.3+")
        << QStringList{"tensorflow=2.18.0"} << "9.27.0/cuda12" << FrameworkCode::ChoiceServes << "tensorflow 2.18.0";
    QTest::newRow("8 and 9 wanted: no single cuDNN")
        << QStringList{"onnxruntime-gpu=1.18.0", "tensorflow=2.18.0"} << "9.27.0/cuda12" << FrameworkCode::ChoicePartial
        << "onnxruntime-gpu from 1.19";
    QTest::newRow("torch brings its own: not counted") << QStringList{"torch=2.5.1"} << "9.27.0/cuda12"
                                                       << ""
                                                       << "";
}

void TestFetchPlanner::servesTheFrameworksFromRealManifests()
{
    QFETCH(QStringList, frameworks);
    QFETCH(QString, chosen);
    QFETCH(QString, code);
    QFETCH(QString, saying);
    SystemSnapshot system = machine({QStringLiteral("12.2")}, QStringLiteral("580.65.06"), {QStringLiteral("8.6")});
    system.frameworks = frameworksIn(frameworks);
    if (frameworks.contains(QStringLiteral("torch=2.5.1")))
        system.frameworks = torchWithItsWheel();
    const FetchPlan plan = planner().plan(realOffer(), system, std::nullopt, false);
    QVERIFY2(plan.ok(), qPrintable(plan.explanation()));
    QCOMPARE(label(plan.chosen()), chosen);
    QString sentence;
    for (const PackageFinding& finding : plan.choice.findings) {
        if (finding.diagnostic.code.startsWith(QLatin1String("FW-CHOICE")))
            sentence = finding.diagnostic.code + QLatin1Char(' ') + finding.diagnostic.message;
    }
    if (code.isEmpty()) {
        QVERIFY2(sentence.isEmpty(), qPrintable(sentence));
        return;
    }
    QVERIFY2(sentence.startsWith(code), qPrintable(sentence));
    QVERIFY2(sentence.contains(saying), qPrintable(sentence));
    QVERIFY2(plan.explanation().contains(sentence.section(QLatin1Char(' '), 1)), qPrintable(plan.explanation()));
}

QTEST_GUILESS_MAIN(TestFetchPlanner)
#include "TestFetchPlanner.moc"
