#include "../unit/install/InstallFixtures.h"
#include "DisplayWidth.h"
#include "SilentRun.h"

#include <QProcess>
#include <QtTest>
#include <cerrno>
#include <fcntl.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace InstallFixtures;

/**
 * The silent install's progress as a person sees it in a terminal: run in a pseudo-terminal of a given width,
 * in Chinese, with an archive whose member paths are longer than the terminal, every line it draws fits; with
 * stderr in a file, plain lines and no carriage return.
 */
class TestProgressCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void fitsTheTerminal_data();
    void fitsTheTerminal();
    void plainLinesInAFile();

private:
    QStringList installArguments() const;
    /** Runs cudnn-setup with stderr on a terminal @p columns wide (stdout in a file); all the terminal got. */
    QByteArray runInTerminal(int columns, int& exitCode) const;

    TestTree m_shared;
    QString m_archive;
    std::unique_ptr<TestTree> m_tree;
    QString m_root;
};

void TestProgressCli::initTestCase()
{
    // The toolkit's name and the packages' folder are long and Chinese; the archive's members longer than 80.
    m_archive = writeSpec(m_shared, CudnnArchiveSpec{}, QStringLiteral("下载的安装包-downloaded-packages-folder"));
}

void TestProgressCli::init()
{
    m_tree = std::make_unique<TestTree>();
    m_root = makeToolkit(*m_tree, QStringLiteral("cuda-13.0-一个名字很长的工具包文件夹-with-a-long-name"));
    m_tree->makeDir(QStringLiteral("home"));
    m_tree->makeDir(QStringLiteral("system-root/etc"));
}

QStringList TestProgressCli::installArguments() const
{
    return {QStringLiteral("--silent"),
            QStringLiteral("--package"),
            m_archive,
            QStringLiteral("--cuda-root"),
            m_root,
            QStringLiteral("--no-verify"),
            QStringLiteral("--no-benchmark"),
            QStringLiteral("--path-scope"),
            QStringLiteral("none")};
}

QByteArray TestProgressCli::runInTerminal(int columns, int& exitCode) const
{
    // Everything the child needs is made before fork(): after it, only async-signal-safe calls.
    QList<QByteArray> args{SilentRun::binary().toLocal8Bit()};
    for (const QString& a : installArguments())
        args.append(a.toLocal8Bit());
    QList<QByteArray> env;
    QProcessEnvironment system = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANGUAGE", "COLUMNS", "LINES", "LD_LIBRARY_PATH"})
        system.remove(QString::fromLatin1(name));
    system.insert(QStringLiteral("LANG"), QStringLiteral("zh_CN.UTF-8"));
    system.insert(QStringLiteral("HOME"), m_tree->path(QStringLiteral("home")));
    system.insert(QStringLiteral("CUDNN_SETUP_SYSTEM_ROOT"), m_tree->path(QStringLiteral("system-root")));
    for (const QString& entry : system.toStringList())
        env.append(entry.toLocal8Bit());
    std::vector<char*> argv, envp;
    for (QByteArray& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    for (QByteArray& e : env)
        envp.push_back(e.data());
    envp.push_back(nullptr);
    const QByteArray out = m_tree->path(QStringLiteral("stdout.txt")).toLocal8Bit();

    winsize size{};
    size.ws_col = static_cast<unsigned short>(columns);
    size.ws_row = 24;
    int master = -1;
    const pid_t child = forkpty(&master, nullptr, nullptr, &size);
    if (child < 0)
        qFatal("forkpty failed: %s", strerror(errno));
    if (child == 0) {
        const int file = open(out.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (file >= 0)
            dup2(file, STDOUT_FILENO); // only stderr, where the progress goes, stays on the terminal
        execve(argv[0], argv.data(), envp.data());
        _exit(127);
    }
    QByteArray seen;
    char buffer[4096];
    for (;;) {
        const ssize_t n = read(master, buffer, sizeof buffer);
        if (n > 0)
            seen.append(buffer, n);
        else if (n < 0 && errno == EINTR)
            continue;
        else
            break; // EIO: the child closed the terminal
    }
    close(master);
    int status = 0;
    waitpid(child, &status, 0);
    exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return seen;
}

void TestProgressCli::fitsTheTerminal_data()
{
    QTest::addColumn<int>("columns");
    QTest::newRow("80 columns") << 80;
    QTest::newRow("50 columns") << 50; // not the default: the width is the terminal's
}

void TestProgressCli::fitsTheTerminal()
{
    QFETCH(int, columns);
    int exitCode = -1;
    const QString seen = QString::fromUtf8(runInTerminal(columns, exitCode));
    QVERIFY2(exitCode == 0, qPrintable(seen));
    QVERIFY2(seen.contains(QLatin1Char('\r')), qPrintable(seen)); // redrawn in place: it knew it was a terminal
    int drawn = 0;
    int chinese = 0;
    for (const QString& line : seen.split(QRegularExpression(QStringLiteral("[\r\n]")), Qt::SkipEmptyParts)) {
        QVERIFY2(DisplayWidth::of(line) <= columns,
                 qPrintable(QStringLiteral("%1 columns: %2").arg(DisplayWidth::of(line)).arg(line)));
        ++drawn;
        chinese += DisplayWidth::of(line) > line.size() ? 1 : 0;
    }
    QVERIFY2(drawn >= 2, qPrintable(seen));
    QVERIFY2(chinese >= 1, qPrintable(seen)); // the phases are worded in Chinese: wide characters were measured
}

void TestProgressCli::plainLinesInAFile()
{
    const QString errors = m_tree->path(QStringLiteral("stderr.txt"));
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LC_ALL"));
    env.insert(QStringLiteral("LANG"), QStringLiteral("zh_CN.UTF-8"));
    env.insert(QStringLiteral("HOME"), m_tree->path(QStringLiteral("home")));
    env.insert(QStringLiteral("CUDNN_SETUP_SYSTEM_ROOT"), m_tree->path(QStringLiteral("system-root")));
    process.setProcessEnvironment(env);
    process.setStandardErrorFile(errors);
    process.start(SilentRun::binary(), installArguments());
    QVERIFY(process.waitForFinished(180000));
    QCOMPARE(process.exitCode(), 0);
    QFile file(errors);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY2(!text.isEmpty(), "no progress at all");
    QVERIFY2(!text.contains('\r'), text.constData());
    QVERIFY2(text.endsWith('\n'), text.constData());
    // Whole lines, as a log keeps them, in the language of the run: the item is not elided.
    QVERIFY2(text.contains(QStringLiteral("正在放置文件 100%").toUtf8()), text.constData());
    QVERIFY2(text.contains("  cudnn-linux-x86_64-9.19.0.56_cuda13-archive/\n"), text.constData());
    QVERIFY2(!text.contains("..."), text.constData());
}

QTEST_GUILESS_MAIN(TestProgressCli)
#include "TestProgressCli.moc"
