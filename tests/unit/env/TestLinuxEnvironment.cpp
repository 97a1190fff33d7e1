#include "LoaderCacheBytes.h"
#include "OperationNotes.h"
#include "TestTree.h"
#include "detect/SystemSnapshot.h"
#include "env/EnvironmentOperations.h"
#include "env/EnvironmentService.h"
#include "env/ProgramSearchOrder.h"
#include "env/ShellProfile.h"
#include "install/FaultPoint.h"
#include "install/ToolkitState.h"
#include "install/Transaction.h"
#include "repair/RepairScanner.h"

#include <QDirIterator>
#include <QProcess>
#include <QtTest>

/** Stands in for ldconfig: records each call and succeeds, or fails to start. */
class RecordingRunner final : public ProcessRunner
{
public:
    explicit RecordingRunner(bool succeeds = true)
        : m_succeeds(succeeds)
    {
    }
    ProcessResult
    run(const QString& program, const QStringList& arguments, int, const QMap<QString, QString>&) const override
    {
        calls.append((QStringList{program} + arguments).join(QLatin1Char(' ')));
        ProcessResult result;
        result.started = m_succeeds;
        result.exitCode = m_succeeds ? 0 : -1;
        result.errorString = m_succeeds ? QString() : QStringLiteral("ldconfig: not found");
        return result;
    }
    mutable QStringList calls;

private:
    bool m_succeeds;
};

/** The disk as it is, counting how often each folder is listed. */
class CountingListing final : public DirectoryListing
{
public:
    QStringList fileNames(const QString& directory) const override
    {
        ++reads[directory];
        return m_disk.fileNames(directory);
    }
    mutable QHash<QString, int> reads;

private:
    LocalDirectoryListing m_disk;
};

/**
 * Linux in a temporary home and a temporary "/": the login file bash really reads, a real `bash -l` that then puts
 * the target first, running twice, undo byte for byte, other people's lines kept, and the machine scope with
 * ld.so.conf.d, ldconfig (faked) and /usr/local/cuda.
 */
class TestLinuxEnvironment : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup() { FaultPoint::disarm(); }
    void staleCopiesAreFoundAndClassified();
    void loginShellSeesTargetFirstAfterTheFix();
    void fixingTwiceChangesNothing();
    void undoRestoresFilesByteForByte();
    void undoKeepsLinesAddedLater();
    void bashProfileWinsOverProfile();
    void machineScopeWritesLoaderConfAndRunsLdconfig();
    void retargetsCudaLinkOnlyWhenAsked();
    void failedLdconfigUndoesEverything();
    void killBetweenStepsIsUndoneByTheNextRun();
    void reportSaysPipPytorchIgnoresThis();
    void pipAndCondaCopiesAreNamedByTheirOrigin();
    void analysisListsEachFolderOnce();
    void remediesSayWhatReallyHappens();
    void oneSeverityPerFinding();
    void cacheAsItIsDecidesNowAndRootRebuildsIt();
    void userWhoCannotRebuildTheCacheIsToldAndGetsTheSearchPathFix();
    void loginProfileSetsLdLibraryPath();
    void aNewLoginStartsFromItsFilesNotThisTerminal();
    void aBashrcExportAfterTheBlockStillWins();
    void aLinkToNothingIsNotWhereNewLoginsGetTheLibrary();

private:
    EnvironmentLocations locations(EnvironmentScope scope) const;
    /**
     * The H200's machine in the temporary "/": the target's folder named first (000_cuda.conf), its libcudnn.so.9 a
     * real ELF of that SONAME, and a loader cache written before it was there, naming cuda-11.8's copy.
     */
    EnvironmentLocations staleCacheMachine(bool mayRebuild);
    EnvironmentTarget target() const { return {m_toolkit, Version{12, 4}, Version{9, 1, 0}}; }
    QString home() const { return m_tree->path(QStringLiteral("home/ana")); }
    /** What `env -i HOME=<home> bash -lc ...` prints: PATH, then LD_LIBRARY_PATH. */
    QStringList loginShellLines() const;

    std::unique_ptr<TestTree> m_tree;
    QString m_toolkit;
    std::shared_ptr<RecordingRunner> m_runner;
};

void TestLinuxEnvironment::init()
{
    m_tree = std::make_unique<TestTree>();
    m_tree->makeDir(QStringLiteral("home/ana"));
    m_tree->writeFile(QStringLiteral("root/etc/ld.so.conf"), "include /etc/ld.so.conf.d/*.conf\n");
    m_tree->writeFile(QStringLiteral("root/etc/ld.so.conf.d/988_cuda-11.conf"), "/usr/local/cuda-11.8/lib64\n");
    m_tree->writeFile(QStringLiteral("root/usr/local/cuda-11.8/lib64/libcudnn.so.9"), "stale");
    m_tree->writeFile(QStringLiteral("root/usr/local/cuda-12.4/lib64/libcudnn.so.9"), "target");
    m_tree->writeFile(QStringLiteral("root/usr/local/cuda-12.4/lib64/libcudart.so.12"), "target");
    m_tree->writeFile(QStringLiteral("root/usr/local/cuda-12.4/bin/nvcc"), "#!/bin/sh\n");
    m_tree->writeFile(QStringLiteral("root/usr/local/cuda-11.8/bin/nvcc"), "#!/bin/sh\n");
    // Every login gets cuda-11.8's libraries first (pam_env), as this process's LD_LIBRARY_PATH says (locations()).
    m_tree->writeFile(QStringLiteral("root/etc/environment"),
                      "LD_LIBRARY_PATH=" + m_tree->path(QStringLiteral("root/usr/local/cuda-11.8/lib64")).toUtf8()
                          + "\n");
    m_tree->symlink(QStringLiteral("root/usr/local/cuda"), QStringLiteral("cuda-11.8"));
    m_toolkit = m_tree->path(QStringLiteral("root/usr/local/cuda-12.4"));
    m_runner = std::make_shared<RecordingRunner>();
}

EnvironmentLocations TestLinuxEnvironment::locations(EnvironmentScope) const
{
    EnvironmentLocations l;
    l.host.os = OsFlavor::Linux;
    l.host.variables
        = {{QStringLiteral("PATH"), m_tree->path(QStringLiteral("root/usr/local/cuda-11.8/bin")) + ":/usr/bin:/bin"},
           {QStringLiteral("LD_LIBRARY_PATH"), m_tree->path(QStringLiteral("root/usr/local/cuda-11.8/lib64"))}};
    l.host.ldconfigProgram = QStringLiteral("ldconfig");
    l.homeDirectory = home();
    l.systemRoot = SystemRoot(m_tree->path(QStringLiteral("root")));
    l.loginShell = QStringLiteral("/bin/bash");
    l.store = std::make_shared<MemoryEnvironmentStore>();
    l.runner = m_runner;
    l.listing = std::make_shared<LocalDirectoryListing>();
    return l;
}

QStringList TestLinuxEnvironment::loginShellLines() const
{
    QProcess bash;
    bash.setProcessEnvironment(QProcessEnvironment()); // env -i
    bash.start(QStringLiteral("env"),
               {QStringLiteral("-i"),
                QStringLiteral("HOME=") + home(),
                QStringLiteral("bash"),
                QStringLiteral("-lc"),
                QStringLiteral("echo \"$PATH\"; echo \"$LD_LIBRARY_PATH\"")});
    if (!bash.waitForFinished(30000))
        return {};
    return QString::fromLocal8Bit(bash.readAllStandardOutput()).split(QLatin1Char('\n'));
}

void TestLinuxEnvironment::staleCopiesAreFoundAndClassified()
{
    const EnvironmentReport report
        = EnvironmentService(locations(EnvironmentScope::User)).analyse(target(), EnvironmentScope::User);
    QCOMPARE(report.libraryDirs, QStringList{m_toolkit + QStringLiteral("/lib64")});
    QStringList losers;
    for (const EnvironmentConflict& conflict : report.conflicts) {
        losers.append(conflict.library);
        QCOMPARE(conflict.conflictClass, ConflictClass::UserSearchPath);
        QVERIFY(conflict.fixedByPlan);
    }
    QVERIFY(losers.contains(QStringLiteral("libcudnn.so.9")));
    QVERIFY(losers.contains(QStringLiteral("nvcc")));
    const LibraryStatus& cudnn = report.libraries.constFirst();
    QCOMPARE(cudnn.before.winner->location.origin, SearchOrigin::LdLibraryPath);
    // The ld cache names the same cuda-11.8 folder again: one copy. The target's folder is searched nowhere yet.
    QVERIFY(cudnn.before.shadowed.isEmpty());
    QVERIFY(cudnn.after.wonFrom(OsFlavor::Linux, report.libraryDirs));
    QCOMPARE(cudnn.after.shadowed.size(), 1);
    QVERIFY(report.cudaLink && !report.cudaLink->pointsAtTarget);
    QCOMPARE(report.cudaLink->target, QStringLiteral("cuda-11.8"));
}

void TestLinuxEnvironment::loginShellSeesTargetFirstAfterTheFix()
{
    if (QStandardPaths::findExecutable(QStringLiteral("bash")).isEmpty())
        QSKIP("bash is not installed");
    const EnvironmentService service(locations(EnvironmentScope::User));
    const EnvironmentReport report = service.analyse(target(), EnvironmentScope::User);
    QString error;
    auto change = service.apply(report.plan, &error);
    QVERIFY2(change, qPrintable(error));
    QVERIFY(QFile::exists(home() + QStringLiteral("/.profile")));
    QVERIFY(QFile::exists(home() + QStringLiteral("/.config/environment.d/60-cudnn-setup.conf")));

    const QStringList lines = loginShellLines();
    QVERIFY2(lines.size() >= 2, qPrintable(lines.join('\n')));
    QCOMPARE(lines.at(0).section(QLatin1Char(':'), 0, 0), m_toolkit + QStringLiteral("/bin"));
    QCOMPARE(lines.at(1).section(QLatin1Char(':'), 0, 0), m_toolkit + QStringLiteral("/lib64"));
}

void TestLinuxEnvironment::fixingTwiceChangesNothing()
{
    const EnvironmentService service(locations(EnvironmentScope::User));
    QString error;
    QVERIFY(service.apply(service.analyse(target(), EnvironmentScope::User).plan, &error));
    const QByteArray once = *FileEditStep::readFile(home() + QStringLiteral("/.profile"));

    const EnvironmentReport again = service.analyse(target(), EnvironmentScope::User);
    QVERIFY2(again.plan.isEmpty(), qPrintable(again.plan.diffText()));
    auto second = service.apply(again.plan, &error);
    QVERIFY(second && second->isEmpty());
    QCOMPARE(*FileEditStep::readFile(home() + QStringLiteral("/.profile")), once);
    QCOMPARE(once.count(ShellProfile::BeginMarker), 1);
}

void TestLinuxEnvironment::undoRestoresFilesByteForByte()
{
    const QByteArray original = "# ~/.profile: not ours\r\nexport EDITOR=vi\n\n\tumask 022"; // odd bytes on purpose
    m_tree->writeFile(QStringLiteral("home/ana/.profile"), original);
    QFile::setPermissions(home() + QStringLiteral("/.profile"), QFile::ReadOwner | QFile::WriteOwner);
    const QFile::Permissions permissions = QFile::permissions(home() + QStringLiteral("/.profile"));
    const EnvironmentService service(locations(EnvironmentScope::User));
    QString error;
    auto change = service.apply(service.analyse(target(), EnvironmentScope::User).plan, &error);
    QVERIFY2(change, qPrintable(error));
    const QByteArray fixed = *FileEditStep::readFile(home() + QStringLiteral("/.profile"));
    QVERIFY(fixed.startsWith(original + '\n'));
    QCOMPARE(QFile::permissions(home() + QStringLiteral("/.profile")), permissions);

    QVERIFY2(OperationList::undo(*change, &error), qPrintable(error));
    QCOMPARE(*FileEditStep::readFile(home() + QStringLiteral("/.profile")), original);
    QVERIFY(!QFile::exists(home() + QStringLiteral("/.config/environment.d/60-cudnn-setup.conf")));
}

void TestLinuxEnvironment::undoKeepsLinesAddedLater()
{
    m_tree->writeFile(QStringLiteral("home/ana/.profile"), "export EDITOR=vi\n");
    const EnvironmentService service(locations(EnvironmentScope::User));
    QString error;
    auto change = service.apply(service.analyse(target(), EnvironmentScope::User).plan, &error);
    QVERIFY(change);
    QFile profile(home() + QStringLiteral("/.profile"));
    QVERIFY(profile.open(QIODevice::Append));
    profile.write("alias ll='ls -l'\n");
    profile.close();

    QVERIFY2(OperationList::undo(*change, &error), qPrintable(error));
    QCOMPARE(*FileEditStep::readFile(profile.fileName()), QByteArray("export EDITOR=vi\nalias ll='ls -l'\n"));
    QVERIFY(operationNotes(*change).contains(QStringLiteral("only the cudnn-setup block")));
}

void TestLinuxEnvironment::bashProfileWinsOverProfile()
{
    m_tree->writeFile(QStringLiteral("home/ana/.profile"), "# read only when there is no .bash_profile\n");
    m_tree->writeFile(QStringLiteral("home/ana/.bash_profile"), "# bash reads me\n");
    const EnvironmentService service(locations(EnvironmentScope::User));
    QString error;
    QVERIFY(service.apply(service.analyse(target(), EnvironmentScope::User).plan, &error));
    QVERIFY(ShellProfile::hasBlock(*FileEditStep::readFile(home() + QStringLiteral("/.bash_profile"))));
    QCOMPARE(*FileEditStep::readFile(home() + QStringLiteral("/.profile")),
             QByteArray("# read only when there is no .bash_profile\n"));
    if (!QStandardPaths::findExecutable(QStringLiteral("bash")).isEmpty())
        QCOMPARE(loginShellLines().value(0).section(QLatin1Char(':'), 0, 0), m_toolkit + QStringLiteral("/bin"));
}

void TestLinuxEnvironment::machineScopeWritesLoaderConfAndRunsLdconfig()
{
    const EnvironmentLocations l = locations(EnvironmentScope::Machine);
    const EnvironmentService service(l);
    // Without LD_LIBRARY_PATH the ld cache decides: cuda-11.8 from 988_cuda-11.conf wins now.
    EnvironmentLocations noLdPath = l;
    noLdPath.host.variables.remove(QStringLiteral("LD_LIBRARY_PATH"));
    QVERIFY(QFile::remove(m_tree->path(QStringLiteral("root/etc/environment"))));
    const EnvironmentService machine(noLdPath);
    const EnvironmentReport report = machine.analyse(target(), EnvironmentScope::Machine);
    const LibraryStatus& cudnn = report.libraries.constFirst();
    QCOMPARE(cudnn.before.winner->location.origin, SearchOrigin::LdCache);
    QCOMPARE(cudnn.before.winner->location.source, QStringLiteral("/etc/ld.so.conf.d/988_cuda-11.conf"));
    QVERIFY(cudnn.after.wonFrom(OsFlavor::Linux, report.libraryDirs)); // 00-cudnn-setup.conf is scanned first
    QCOMPARE(cudnn.after.winner->location.source, QStringLiteral("/etc/ld.so.conf.d/00-cudnn-setup.conf"));
    for (const auto& step : report.plan.steps)
        QVERIFY2(step->target().startsWith(m_tree->path(QStringLiteral("root"))), qPrintable(step->target()));

    QString error;
    auto change = machine.apply(report.plan, &error);
    QVERIFY2(change, qPrintable(error));
    const QString conf = m_tree->path(QStringLiteral("root/etc/ld.so.conf.d/00-cudnn-setup.conf"));
    QVERIFY(FileEditStep::readFile(conf)->endsWith("\n/usr/local/cuda-12.4/lib64\n")); // system paths inside
    QVERIFY(FileEditStep::readFile(m_tree->path(QStringLiteral("root/etc/profile.d/cudnn-setup.sh")))
                ->contains("export PATH='/usr/local/cuda-12.4/bin'"));
    QCOMPARE(m_runner->calls, QStringList{QStringLiteral("ldconfig -r ") + m_tree->path(QStringLiteral("root"))});
    QVERIFY(!QFile::exists(home() + QStringLiteral("/.profile"))); // machine scope leaves the home alone

    QVERIFY2(OperationList::undo(*change, &error), qPrintable(error));
    QVERIFY(!QFile::exists(conf));
    QCOMPARE(m_runner->calls.size(), 2); // the cache is rebuilt without our directory
}

void TestLinuxEnvironment::retargetsCudaLinkOnlyWhenAsked()
{
    const EnvironmentService service(locations(EnvironmentScope::Machine));
    const QString link = m_tree->path(QStringLiteral("root/usr/local/cuda"));
    const EnvironmentReport plain = service.analyse(target(), EnvironmentScope::Machine);
    QVERIFY(std::none_of(plain.plan.steps.cbegin(), plain.plan.steps.cend(), [](const auto& s) {
        return s->kind() == QLatin1String("symlink");
    }));
    QVERIFY(containsCode(plain.diagnostics, QStringLiteral("ENV-CUDA-LINK")));

    EnvironmentOptions options;
    options.retargetCudaLink = true;
    const EnvironmentReport asked = service.analyse(target(), EnvironmentScope::Machine, options);
    QString error;
    auto change = service.apply(asked.plan, &error);
    QVERIFY2(change, qPrintable(error));
    QCOMPARE(SymlinkStep::linkTarget(link), QStringLiteral("/usr/local/cuda-12.4"));
    QVERIFY2(OperationList::undo(*change, &error), qPrintable(error));
    QCOMPARE(SymlinkStep::linkTarget(link), QStringLiteral("cuda-11.8"));
}

void TestLinuxEnvironment::failedLdconfigUndoesEverything()
{
    m_runner = std::make_shared<RecordingRunner>(false);
    const EnvironmentService service(locations(EnvironmentScope::Machine));
    QString error;
    QVERIFY(!service.apply(service.analyse(target(), EnvironmentScope::Machine).plan, &error));
    QVERIFY(error.contains(QStringLiteral("ldconfig")));
    QVERIFY(!QFile::exists(m_tree->path(QStringLiteral("root/etc/ld.so.conf.d/00-cudnn-setup.conf"))));
    QVERIFY(!QFile::exists(m_tree->path(QStringLiteral("root/etc/profile.d/cudnn-setup.sh"))));
}

/** Every file below folder with its bytes: equal snapshots mean byte-identical files. */
static QMap<QString, QByteArray> filesBelow(const QString& folder)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(folder, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        files.insert(path, FileEditStep::readFile(path).value_or(QByteArray("<unreadable>")));
    }
    return files;
}

void TestLinuxEnvironment::killBetweenStepsIsUndoneByTheNextRun()
{
    // The machine plan in a toolkit's transaction: [ldconfig once undone] profile.d, ld.so.conf.d [ldconfig].
    const EnvironmentLocations l = locations(EnvironmentScope::Machine);
    const EnvironmentPlan plan = EnvironmentService(l).analyse(target(), EnvironmentScope::Machine).plan;
    const QString etc = m_tree->path(QStringLiteral("root/etc"));
    const QMap<QString, QByteArray> before = filesBelow(etc);
    const QString toolkit = m_tree->makeDir(QStringLiteral("toolkit"));
    {
        ToolkitState state(toolkit);
        QString error;
        QCOMPARE(state.lock(&error), ToolkitState::LockResult::Locked);
        auto* transaction = new Transaction(state, QStringLiteral("install")); // abandoned below, as by a kill
        for (const OperationPointer& operation : EnvironmentOperations::fromPlan(plan, l))
            transaction->add(operation);
        QCOMPARE(transaction->size(), 4);
        QVERIFY(transaction->begin(&error));
        FaultPoint::arm(QStringLiteral("environment.step"), 1); // the second step is journaled, then never runs
        QVERIFY(!transaction->performUpTo(transaction->size(), {}, &error));
        FaultPoint::disarm();
        // The process dies here: no rollback, no destructor.
    }
    QVERIFY(QFile::exists(m_tree->path(QStringLiteral("root/etc/profile.d/cudnn-setup.sh"))));
    QVERIFY(!QFile::exists(m_tree->path(QStringLiteral("root/etc/ld.so.conf.d/00-cudnn-setup.conf"))));
    QVERIFY(m_runner->calls.isEmpty());

    // The next run rebuilds the steps from the journal alone and undoes them, newest first.
    ToolkitState state(toolkit);
    QString error;
    QCOMPARE(state.lock(&error), ToolkitState::LockResult::Locked);
    OperationFactory factory;
    EnvironmentOperations::addBuilders(factory, l);
    const Transaction::Recovery recovery = Transaction::recover(state, factory);
    QVERIFY2(recovery.found && recovery.rolledBack, qPrintable(recovery.error));
    QCOMPARE(filesBelow(etc), before);
    // The loader cache is rebuilt once, after the steps were undone; the refresh after them never ran.
    QCOMPARE(m_runner->calls, QStringList{QStringLiteral("ldconfig -r ") + m_tree->path(QStringLiteral("root"))});
    QVERIFY(!QFile::exists(state.journalFile()));
}

void TestLinuxEnvironment::reportSaysPipPytorchIgnoresThis()
{
    const QString wheel = m_tree->path(QStringLiteral("venv/lib/python3.11/site-packages/nvidia/cudnn/lib"));
    m_tree->writeFile(QStringLiteral("venv/lib/python3.11/site-packages/nvidia/cudnn/lib/libcudnn.so.9"), "wheel");
    EnvironmentLocations l = locations(EnvironmentScope::User);
    l.applicationDirs = {wheel};
    const EnvironmentReport report = EnvironmentService(l).analyse(target(), EnvironmentScope::User);
    QVERIFY(report.notes.join(' ').contains(QStringLiteral("pip-installed PyTorch ignores all of this")));
    QVERIFY(std::any_of(report.conflicts.cbegin(), report.conflicts.cend(), [](const EnvironmentConflict& c) {
        return c.conflictClass == ConflictClass::NotSearchPath && c.library == QLatin1String("libcudnn.so.9");
    }));
    const QJsonObject json = report.toJson();
    QCOMPARE(json.value("os").toString(), QStringLiteral("linux"));
    QVERIFY(json.value("plan").toObject().value("diff").toString().contains(QStringLiteral("# >>> cudnn-setup >>>")));
}

/**
 * A pip wheel's and a conda env's libcudnn.so.9 on LD_LIBRARY_PATH ahead of the target toolkit: the analysis names
 * each winning and losing file by the copy detection found it in (origin, package, environment), the target's copy
 * after the fix as the toolkit's, and leaves a folder no copy explains (cuda-11.8 here) a bare search-path folder.
 */
void TestLinuxEnvironment::pipAndCondaCopiesAreNamedByTheirOrigin()
{
    const QString venv = m_tree->makeDir(QStringLiteral("venvs/asr"));
    const QString wheel = m_tree->makeDir(QStringLiteral("venvs/asr/lib/python3.11/site-packages/nvidia/cudnn/lib"));
    const QString condaEnv = m_tree->makeDir(QStringLiteral("miniconda3/envs/tf"));
    const QString wheelFile = m_tree->writeFile(
        QStringLiteral("venvs/asr/lib/python3.11/site-packages/nvidia/cudnn/lib/libcudnn.so.9"), "wheel");
    const QString condaFile = m_tree->writeFile(QStringLiteral("miniconda3/envs/tf/lib/libcudnn.so.9"), "conda");
    EnvironmentLocations l = locations(EnvironmentScope::User);
    // The user's login profile puts the wheel's and the conda environment's folders first.
    const QString searched = wheel + QLatin1Char(':') + condaEnv + QStringLiteral("/lib:")
        + m_tree->path(QStringLiteral("root/usr/local/cuda-11.8/lib64"));
    l.host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"), searched);
    m_tree->writeFile(QStringLiteral("home/ana/.profile"), "export LD_LIBRARY_PATH=" + searched.toUtf8() + "\n");
    EnvironmentReport report = EnvironmentService(l).analyse(target(), EnvironmentScope::User);

    const auto copyOf = [](CudnnOrigin origin,
                           PackageManager manager,
                           const QString& package,
                           const QString& version,
                           const QString& environment,
                           const QString& file) {
        CudnnInstall copy;
        copy.origin = origin;
        copy.managedBy = manager;
        copy.package = package;
        copy.packageVersion = Version::parse(version);
        copy.environment = environment;
        copy.root = QFileInfo(file).path();
        copy.libraryDirs = {copy.root};
        CudnnLibraryFile library;
        library.name = QFileInfo(file).fileName();
        library.path = file;
        copy.libraries = {library};
        return copy;
    };
    // The toolkit's copy is named through lib64 by the analysis; detection may have followed another name.
    report.attributeCopies({copyOf(CudnnOrigin::Toolkit,
                                   PackageManager::None,
                                   {},
                                   {},
                                   {},
                                   m_toolkit + QStringLiteral("/lib64/libcudnn.so.9")),
                            copyOf(CudnnOrigin::Pip,
                                   PackageManager::Pip,
                                   QStringLiteral("nvidia-cudnn-cu12"),
                                   QStringLiteral("9.1.0.70"),
                                   venv,
                                   wheelFile),
                            copyOf(CudnnOrigin::Conda,
                                   PackageManager::Conda,
                                   QStringLiteral("cudnn"),
                                   QStringLiteral("9.3.0.75"),
                                   condaEnv,
                                   condaFile)});

    const LibraryStatus& cudnn = report.libraries.constFirst();
    QCOMPARE(cudnn.before.library, QStringLiteral("libcudnn.so.9"));
    QVERIFY(cudnn.before.winner && cudnn.before.winner->copy);
    QCOMPARE(cudnn.before.winner->path, wheelFile);
    QCOMPARE(cudnn.before.winner->copy->origin, CudnnOrigin::Pip);
    QCOMPARE(cudnn.before.winner->copy->managedBy, PackageManager::Pip);
    QCOMPARE(cudnn.before.winner->copy->package, QStringLiteral("nvidia-cudnn-cu12"));
    QCOMPARE(cudnn.before.winner->copy->packageVersion, QStringLiteral("9.1.0.70"));
    QCOMPARE(cudnn.before.winner->copy->environment, venv);
    QCOMPARE(cudnn.before.shadowed.size(), 2);
    QCOMPARE(cudnn.before.shadowed.at(0).copy->origin, CudnnOrigin::Conda);
    QCOMPARE(cudnn.before.shadowed.at(0).copy->environment, condaEnv);
    QVERIFY(!cudnn.before.shadowed.at(1).copy); // cuda-11.8/lib64: no copy detection knows
    QVERIFY(cudnn.after.wonFrom(OsFlavor::Linux, report.libraryDirs));
    QCOMPARE(cudnn.after.winner->copy->origin, CudnnOrigin::Toolkit);

    const auto conflict
        = std::find_if(report.conflicts.cbegin(), report.conflicts.cend(), [](const EnvironmentConflict& c) {
              return c.library == QLatin1String("libcudnn.so.9");
          });
    QVERIFY(conflict != report.conflicts.cend());
    QCOMPARE(conflict->winner->copy->origin, CudnnOrigin::Pip);
    const QJsonObject json = report.toJson();
    const QJsonObject winner = json.value("conflicts")
                                   .toArray()
                                   .at(int(conflict - report.conflicts.cbegin()))
                                   .toObject()
                                   .value("winner")
                                   .toObject();
    QCOMPARE(winner.value("copy").toObject(),
             (QJsonObject{{"origin", "pip"},
                          {"managed_by", "pip"},
                          {"package", "nvidia-cudnn-cu12"},
                          {"package_version", "9.1.0.70"},
                          {"environment", venv}}));
    QVERIFY(!json.value("libraries")
                 .toArray()
                 .at(0)
                 .toObject()
                 .value("before")
                 .toObject()
                 .value("shadowed")
                 .toArray()
                 .at(1)
                 .toObject()
                 .contains("copy"));
}

void TestLinuxEnvironment::analysisListsEachFolderOnce()
{
    // The resolver asks for the same folders for every library and tool (76 listings of one system folder in a real
    // install's report): one analysis lists each once and judges exactly as if it listed them every time.
    EnvironmentLocations l = locations(EnvironmentScope::User);
    const auto counting = std::make_shared<CountingListing>();
    l.listing = counting;
    const EnvironmentReport report = EnvironmentService(l).analyse(target(), EnvironmentScope::User);
    QVERIFY(!counting->reads.isEmpty());
    for (auto it = counting->reads.cbegin(); it != counting->reads.cend(); ++it)
        QVERIFY2(it.value() == 1, qPrintable(QStringLiteral("%1 listed %2 times").arg(it.key()).arg(it.value())));
    const EnvironmentReport uncached
        = EnvironmentService(locations(EnvironmentScope::User)).analyse(target(), EnvironmentScope::User);
    QCOMPARE(report.toJson(), uncached.toJson());
}

void TestLinuxEnvironment::remediesSayWhatReallyHappens()
{
    const EnvironmentReport report
        = EnvironmentService(locations(EnvironmentScope::User)).analyse(target(), EnvironmentScope::User);
    for (const EnvironmentConflict& conflict : report.conflicts) {
        // nvcc is found through PATH: its fix says PATH, a library's says LD_LIBRARY_PATH, and not the other way.
        const bool tool = conflict.library == QLatin1String("nvcc");
        QVERIFY2(
            conflict.fix.contains(tool ? QStringLiteral("first on PATH") : QStringLiteral("first on LD_LIBRARY_PATH")),
            qPrintable(conflict.fix));
        QVERIFY2(!conflict.fix.contains(tool ? QStringLiteral("LD_LIBRARY_PATH") : QStringLiteral(" PATH ")),
                 qPrintable(conflict.fix));
    }
    // The profile reaches login shells only; environment.d graphical sessions started after it.
    QVERIFY(report.restartNeeded());
    const QString note = report.notes.constLast();
    QCOMPARE(note, report.restartNote());
    for (const char* said : {"only login shells", "environment.d", "sign out and in", "non-login shell"})
        QVERIFY2(note.contains(QLatin1String(said)), qPrintable(note));
    EnvironmentReport machine = report;
    machine.scope = EnvironmentScope::Machine;
    QVERIFY2(machine.restartNote().contains(QStringLiteral("login shells only")), qPrintable(machine.restartNote()));
    EnvironmentReport windows = report;
    windows.os = OsFlavor::Windows;
    QVERIFY2(windows.restartNote().contains(QStringLiteral("keep their old environment")),
             qPrintable(windows.restartNote()));
}

void TestLinuxEnvironment::oneSeverityPerFinding()
{
    // The search path page shows the analysis's diagnostics, the repair page the scan's findings: one finding, one
    // severity (a class A loss the plan fixes was information on one page and a warning on the other).
    const EnvironmentReport report
        = EnvironmentService(locations(EnvironmentScope::User)).analyse(target(), EnvironmentScope::User);
    RepairScanOptions options;
    options.roots = {m_toolkit};
    options.environment = &report;
    const RepairScan scan = RepairScanner(options).scan(SystemSnapshot{});
    int compared = 0;
    for (const Diagnostic& shown : report.diagnostics) {
        for (const RepairFinding& finding : scan.findings) {
            if (finding.diagnostic.code != shown.code || finding.diagnostic.subject != shown.subject)
                continue;
            QVERIFY2(finding.diagnostic.severity == shown.severity,
                     qPrintable(shown.code + QLatin1Char(' ') + shown.subject));
            ++compared;
        }
    }
    QVERIFY(compared >= 3); // libcudnn.so.9, nvcc and ENV-CUDA-LINK at least
    // And repair still fixes the class A loss itself: information, yet a problem it has the cure for.
    const auto shadow = std::find_if(scan.findings.cbegin(), scan.findings.cend(), [](const RepairFinding& f) {
        return f.diagnostic.code == QLatin1String("ENV-SHADOW-USER");
    });
    QVERIFY(shadow != scan.findings.cend());
    QCOMPARE(shadow->remedy, RepairFinding::Remedy::Automatic);
    QVERIFY(shadow->isProblem());
}

EnvironmentLocations TestLinuxEnvironment::staleCacheMachine(bool mayRebuild)
{
    m_tree->writeFile(QStringLiteral("root/etc/ld.so.conf.d/000_cuda.conf"), "/usr/local/cuda-12.4/lib64\n");
    QFile fake(qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/cudnn-9/libcudnn.so.9"));
    if (!fake.open(QIODevice::ReadOnly))
        qFatal("the fake cuDNN was not built");
    m_tree->writeFile(QStringLiteral("root/usr/local/cuda-12.4/lib64/libcudnn.so.9"), fake.readAll());
    m_tree->writeFile(QStringLiteral("root/etc/ld.so.cache"),
                      loaderCacheBytes({{"libcudnn.so.9", "/usr/local/cuda-11.8/lib64/libcudnn.so.9"}}));
    EnvironmentLocations l = locations(EnvironmentScope::User);
    l.host.variables.remove(QStringLiteral("LD_LIBRARY_PATH"));
    QFile::remove(m_tree->path(QStringLiteral("root/etc/environment"))); // no login sets it either
    // The target's nvcc first already: only the libraries are in question.
    l.host.variables.insert(QStringLiteral("PATH"), m_toolkit + QStringLiteral("/bin:/usr/bin:/bin"));
    l.loaderCacheRebuildable = mayRebuild;
    return l;
}

void TestLinuxEnvironment::cacheAsItIsDecidesNowAndRootRebuildsIt()
{
    const EnvironmentLocations l = staleCacheMachine(true);
    const EnvironmentReport report = EnvironmentService(l).analyse(target(), EnvironmentScope::User);
    const auto status = std::find_if(report.libraries.cbegin(), report.libraries.cend(), [](const LibraryStatus& s) {
        return s.before.library == QLatin1String("libcudnn.so.9");
    });
    QVERIFY(status != report.libraries.cend());
    // Now: what the cache names, although the conf files put the target first.
    QVERIFY(status->before.winner);
    QCOMPARE(status->before.winner->path, m_tree->path(QStringLiteral("root/usr/local/cuda-11.8/lib64/libcudnn.so.9")));
    QCOMPARE(status->before.winner->location.source, QStringLiteral("/etc/ld.so.cache"));
    // After: root rebuilds the cache in the change's own transaction, so no profile is touched for it.
    QVERIFY(status->after.winner);
    QCOMPARE(status->after.winner->path, m_toolkit + QStringLiteral("/lib64/libcudnn.so.9"));
    QVERIFY(report.loaderCache && report.loaderCache->read && report.loaderCache->coversTarget);
    QVERIFY(report.loaderCache->rebuilt);
    QVERIFY(report.plan.rebuildsLoaderCache);
    for (const auto& step : report.plan.steps)
        QVERIFY2(!step->target().endsWith(QLatin1String(".profile")), qPrintable(step->target()));
    const auto stale = std::find_if(report.diagnostics.cbegin(), report.diagnostics.cend(), [](const Diagnostic& d) {
        return d.code == QLatin1String("ENV-LOADER-CACHE-STALE");
    });
    QVERIFY(stale != report.diagnostics.cend());
    QCOMPARE(stale->severity, Severity::Warning);
    QVERIFY2(stale->message.contains(QStringLiteral("cuda-11.8/lib64/libcudnn.so.9"))
                 && stale->message.contains(QStringLiteral("cuda-12.4/lib64/libcudnn.so.9")),
             qPrintable(stale->message));
    QCOMPARE(report.toJson()
                 .value(QStringLiteral("loader_cache"))
                 .toObject()
                 .value(QStringLiteral("stale"))
                 .toArray()
                 .size(),
             1);
    // Repair rebuilds it by itself.
    RepairScanOptions options;
    options.roots = {m_toolkit};
    options.environment = &report;
    const RepairScan scan = RepairScanner(options).scan(SystemSnapshot{});
    const auto finding = std::find_if(scan.findings.cbegin(), scan.findings.cend(), [](const RepairFinding& f) {
        return f.diagnostic.code == QLatin1String("ENV-LOADER-CACHE-STALE");
    });
    QVERIFY(finding != scan.findings.cend());
    QCOMPARE(finding->remedy, RepairFinding::Remedy::Automatic);
    QCOMPARE(finding->fixes.value(0).kind, RepairFix::Kind::LoaderCache);
}

void TestLinuxEnvironment::userWhoCannotRebuildTheCacheIsToldAndGetsTheSearchPathFix()
{
    const EnvironmentLocations l = staleCacheMachine(false);
    const EnvironmentReport report = EnvironmentService(l).analyse(target(), EnvironmentScope::User);
    QVERIFY(!report.loaderCache->rebuilt);
    QVERIFY(!report.plan.rebuildsLoaderCache);
    QVERIFY(std::any_of(report.diagnostics.cbegin(), report.diagnostics.cend(), [](const Diagnostic& d) {
        return d.code == QLatin1String("ENV-LOADER-CACHE-ROOT-ONLY");
    }));
    // The fix that works for this user: the toolkit first on LD_LIBRARY_PATH in the login profile.
    QVERIFY(std::any_of(report.plan.steps.cbegin(), report.plan.steps.cend(), [](const auto& step) {
        return step->target().endsWith(QLatin1String(".profile"));
    }));
    const auto status = std::find_if(report.libraries.cbegin(), report.libraries.cend(), [](const LibraryStatus& s) {
        return s.before.library == QLatin1String("libcudnn.so.9");
    });
    QVERIFY(status != report.libraries.cend() && status->after.winner);
    QCOMPARE(status->after.winner->location.origin, SearchOrigin::LdLibraryPath);
    RepairScanOptions options;
    options.roots = {m_toolkit};
    options.environment = &report;
    const RepairScan scan = RepairScanner(options).scan(SystemSnapshot{});
    const auto finding = std::find_if(scan.findings.cbegin(), scan.findings.cend(), [](const RepairFinding& f) {
        return f.diagnostic.code == QLatin1String("ENV-LOADER-CACHE-STALE");
    });
    QVERIFY(finding != scan.findings.cend());
    QCOMPARE(finding->remedy, RepairFinding::Remedy::NeedsElevation);
}

void TestLinuxEnvironment::loginProfileSetsLdLibraryPath()
{
    // What a new login gets: the session's variables, then environment.d and the profile, as the shell applies them.
    m_tree->writeFile(QStringLiteral("home/ana/.config/environment.d/50-own.conf"), "LD_LIBRARY_PATH=/opt/desk\n");
    m_tree->writeFile(QStringLiteral("home/ana/.profile"),
                      "export EDITOR=vi\n"
                      "if [ -n \"$BASH_VERSION\" ]; then\n    LD_LIBRARY_PATH=/not/followed\nfi\n"
                      "export LD_LIBRARY_PATH=\"/opt/own${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\"\n"
                      "PATH='/opt/bin':$PATH # a comment\n"
                      "LD_PRELOAD=$(echo not run)\n");
    const QMap<QString, QString> variables = ShellProfile::loginVariables(
        home(),
        QStringLiteral("/bin/bash"),
        SystemRoot(m_tree->path(QStringLiteral("root"))),
        {{QStringLiteral("PATH"), QStringLiteral("/usr/bin")}},
        {QStringLiteral("PATH"), QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral("LD_PRELOAD")});
    QCOMPARE(variables.value(QStringLiteral("LD_LIBRARY_PATH")), QStringLiteral("/opt/own:/opt/desk"));
    QCOMPARE(variables.value(QStringLiteral("PATH")), QStringLiteral("/opt/bin:/usr/bin"));
    QVERIFY(!variables.contains(QStringLiteral("LD_PRELOAD")));
    // The analysis's "now" is that login's.
    EnvironmentLocations l = locations(EnvironmentScope::User);
    l.host.variables.remove(QStringLiteral("LD_LIBRARY_PATH"));
    m_tree->writeFile(
        QStringLiteral("home/ana/.profile"),
        "export LD_LIBRARY_PATH=" + m_tree->path(QStringLiteral("root/usr/local/cuda-11.8/lib64")).toUtf8() + "\n");
    const EnvironmentReport report = EnvironmentService(l).analyse(target(), EnvironmentScope::User);
    const auto status = std::find_if(report.libraries.cbegin(), report.libraries.cend(), [](const LibraryStatus& s) {
        return s.before.library == QLatin1String("libcudnn.so.9");
    });
    QVERIFY(status != report.libraries.cend() && status->before.winner);
    QCOMPARE(status->before.winner->location.origin, SearchOrigin::LdLibraryPath);
}

void TestLinuxEnvironment::aNewLoginStartsFromItsFilesNotThisTerminal()
{
    // This terminal exported /opt/typed-here by hand; a new login never gets it. It gets, in the order its files
    // apply: /etc/environment (pam_env), environment.d, /etc/profile and profile.d, the login file, then ~/.bashrc.
    QFile::remove(m_tree->path(QStringLiteral("root/etc/environment")));
    m_tree->writeFile(QStringLiteral("root/etc/environment"), "LD_LIBRARY_PATH=/opt/pam\n");
    m_tree->writeFile(QStringLiteral("root/etc/environment.d/60-site.conf"),
                      "LD_LIBRARY_PATH=/opt/site${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\n");
    m_tree->writeFile(QStringLiteral("root/etc/profile.d/cuda.sh"),
                      "export LD_LIBRARY_PATH=/opt/profile.d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\n");
    m_tree->writeFile(QStringLiteral("home/ana/.profile"), "export LD_LIBRARY_PATH=/opt/own:$LD_LIBRARY_PATH\n");
    m_tree->writeFile(QStringLiteral("home/ana/.bashrc"),
                      "export LD_LIBRARY_PATH=/opt/rc${LD_LIBRARY_PATH:+:${LD_LIBRARY_PATH}}\n");
    EnvironmentLocations l = locations(EnvironmentScope::User);
    l.host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral("/opt/typed-here"));
    using Session = ProgramSearchOrder::Session;
    QCOMPARE(ProgramSearchOrder::sessionVariables(l, Session::NewLogin).value(QStringLiteral("LD_LIBRARY_PATH")),
             QStringLiteral("/opt/rc:/opt/own:/opt/profile.d:/opt/site:/opt/pam"));
    QCOMPARE(ProgramSearchOrder::sessionVariables(l, Session::ThisTerminal).value(QStringLiteral("LD_LIBRARY_PATH")),
             QStringLiteral("/opt/typed-here"));
    // Which file names a folder: the last one that put it there.
    m_tree->makeDir(QStringLiteral("opt-own"));
    m_tree->writeFile(QStringLiteral("home/ana/.profile"),
                      "export LD_LIBRARY_PATH=" + m_tree->path(QStringLiteral("opt-own")).toUtf8() + "\n");
    QCOMPARE(ProgramSearchOrder::newLoginFileNaming(l, m_tree->path(QStringLiteral("opt-own"))),
             home() + QStringLiteral("/.profile"));
    QCOMPARE(ProgramSearchOrder::newLoginFileNaming(l, m_tree->path(QStringLiteral("root"))), QString());
    // zsh reads none of bash's files: ~/.zshenv, ~/.zprofile and ~/.zshrc instead.
    l.loginShell = QStringLiteral("/usr/bin/zsh");
    m_tree->writeFile(QStringLiteral("home/ana/.zshrc"), "export LD_LIBRARY_PATH=/opt/zsh:$LD_LIBRARY_PATH\n");
    QCOMPARE(ProgramSearchOrder::sessionVariables(l, Session::NewLogin).value(QStringLiteral("LD_LIBRARY_PATH")),
             QStringLiteral("/opt/zsh:/opt/site:/opt/pam"));
}

void TestLinuxEnvironment::aBashrcExportAfterTheBlockStillWins()
{
    // NVIDIA's guide's line in ~/.bashrc, which every new terminal reads after the login file: the block the fix
    // writes into ~/.profile comes before it, so cuda-11.8 stays first. The analysis must not call that fixed.
    m_tree->writeFile(QStringLiteral("home/ana/.bashrc"),
                      "export LD_LIBRARY_PATH="
                          + m_tree->path(QStringLiteral("root/usr/local/cuda-11.8/lib64")).toUtf8()
                          + "${LD_LIBRARY_PATH:+:${LD_LIBRARY_PATH}}\n");
    const EnvironmentReport report
        = EnvironmentService(locations(EnvironmentScope::User)).analyse(target(), EnvironmentScope::User);
    const auto cudnn
        = std::find_if(report.conflicts.cbegin(), report.conflicts.cend(), [](const EnvironmentConflict& c) {
              return c.library == QLatin1String("libcudnn.so.9");
          });
    QVERIFY(cudnn != report.conflicts.cend());
    QVERIFY(!cudnn->fixedByPlan);
    const LibraryStatus& status = report.libraries.constFirst();
    QVERIFY(status.after.winner);
    QCOMPARE(status.after.winner->path, m_tree->path(QStringLiteral("root/usr/local/cuda-11.8/lib64/libcudnn.so.9")));
    // Without that line, the same plan puts the target first.
    QVERIFY(QFile::remove(home() + QStringLiteral("/.bashrc")));
    const EnvironmentReport fixed
        = EnvironmentService(locations(EnvironmentScope::User)).analyse(target(), EnvironmentScope::User);
    QVERIFY(fixed.libraries.constFirst().after.wonFrom(OsFlavor::Linux, fixed.libraryDirs));
}

void TestLinuxEnvironment::aLinkToNothingIsNotWhereNewLoginsGetTheLibrary()
{
    // The target's libcudnn.so.9 is a link to a file that was deleted; the conf files name the target first and the
    // cache, written before, names cuda-11.8's copy. The loader cannot load the target's name: no finding may say
    // that new logins get libcudnn.so.9 from there (repair lists the missing file beside it).
    EnvironmentLocations l = staleCacheMachine(true);
    const QString link = m_toolkit + QStringLiteral("/lib64/libcudnn.so.9");
    QVERIFY(QFile::remove(link));
    QVERIFY(QFile::link(QStringLiteral("libcudnn.so.9.1.0"), link));
    QVERIFY(!QFileInfo::exists(link) && QFileInfo(link).isSymLink());
    const EnvironmentReport report = EnvironmentService(l).analyse(target(), EnvironmentScope::User);
    QStringList said;
    for (const Diagnostic& d : report.diagnostics)
        said << d.code + QStringLiteral(": ") + d.message;
    const QString all = said.join(u'\n');
    const auto about = std::find_if(report.diagnostics.cbegin(), report.diagnostics.cend(), [](const Diagnostic& d) {
        return d.subject == QLatin1String("libcudnn.so.9") && d.code.startsWith(QLatin1String("ENV-"));
    });
    QVERIFY2(about != report.diagnostics.cend(), qPrintable(all));
    QVERIFY2(!about->message.contains(QStringLiteral("New logins get libcudnn.so.9 from")), qPrintable(all));
    QVERIFY2(about->message.contains(QStringLiteral("no loadable libcudnn.so.9")), qPrintable(all));
    // And once it is there again, the same machine says the fix is in place.
    m_tree->writeFile(QStringLiteral("root/usr/local/cuda-12.4/lib64/libcudnn.so.9.1.0"), "target");
    const EnvironmentReport repaired = EnvironmentService(l).analyse(target(), EnvironmentScope::User);
    QVERIFY(std::any_of(repaired.diagnostics.cbegin(), repaired.diagnostics.cend(), [](const Diagnostic& d) {
        return d.subject == QLatin1String("libcudnn.so.9") && d.message.startsWith(QStringLiteral("New logins get"));
    }));
    QVERIFY(std::none_of(repaired.diagnostics.cbegin(), repaired.diagnostics.cend(), [](const Diagnostic& d) {
        return d.subject == QLatin1String("libcudnn.so.9") && d.message.contains(QStringLiteral("no loadable"));
    }));
}

QTEST_GUILESS_MAIN(TestLinuxEnvironment)
#include "TestLinuxEnvironment.moc"
