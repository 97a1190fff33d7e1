#include "env/ShellProfile.h"
#include "env/TextDiff.h"

#include <QtTest>

/** The text side: which login file, the marked block, and the dry run's diff. */
class TestEnvText : public QObject
{
    Q_OBJECT

private slots:
    void loginFileFollowsTheShell_data();
    void loginFileFollowsTheShell();
    void blockIsAppendedOnceAndReplacedInPlace();
    void blockComesOutLeavingOtherLines();
    void shellExportsQuoteSafely();
    void diffShowsHunks();
    void diffOfEqualTextsIsEmpty();
};

void TestEnvText::loginFileFollowsTheShell_data()
{
    QTest::addColumn<QString>("shell");
    QTest::addColumn<QStringList>("existing");
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("read");

    QTest::newRow("bash, nothing yet") << "/bin/bash" << QStringList{} << ".profile" << true;
    QTest::newRow("bash reads only .bash_profile")
        << "/usr/bin/bash" << QStringList{".bash_profile", ".profile"} << ".bash_profile" << true;
    QTest::newRow("bash, .bash_login before .profile")
        << "bash" << QStringList{".bash_login", ".profile"} << ".bash_login" << true;
    QTest::newRow("zsh") << "/usr/bin/zsh" << QStringList{".profile"} << ".zprofile" << true;
    QTest::newRow("dash") << "/bin/dash" << QStringList{".bash_profile"} << ".profile" << true;
    QTest::newRow("no shell known") << "" << QStringList{} << ".profile" << true;
    QTest::newRow("fish reads none of them") << "/usr/bin/fish" << QStringList{} << ".profile" << false;
}

void TestEnvText::loginFileFollowsTheShell()
{
    QFETCH(QString, shell);
    QFETCH(QStringList, existing);
    const auto exists = [&](const QString& path) { return existing.contains(QFileInfo(path).fileName()); };
    const ShellProfile::LoginFile login = ShellProfile::loginFile(QStringLiteral("/home/ana"), shell, exists);
    QTEST(QFileInfo(login.path).fileName(), "file");
    QCOMPARE(QFileInfo(login.path).path(), QStringLiteral("/home/ana"));
    QTEST(login.readByShell, "read");
}

void TestEnvText::blockIsAppendedOnceAndReplacedInPlace()
{
    const QByteArray original = "# ~/.profile\nexport EDITOR=vi"; // no final newline
    const QByteArray once = ShellProfile::withBlock(original, "export A=1\n");
    QVERIFY(once.startsWith(original + "\n# >>> cudnn-setup >>>\n"));
    QVERIFY(once.endsWith("# <<< cudnn-setup <<<\n"));
    QCOMPARE(ShellProfile::withBlock(once, "export A=1\n"), once);

    const QByteArray later = once + "alias ll='ls -l'\n";
    const QByteArray replaced = ShellProfile::withBlock(later, "export A=2\n");
    QVERIFY(replaced.contains("export A=2\n"));
    QVERIFY(!replaced.contains("export A=1\n"));
    QVERIFY(replaced.endsWith("alias ll='ls -l'\n"));
    QCOMPARE(replaced.count(ShellProfile::BeginMarker), 1);
}

void TestEnvText::blockComesOutLeavingOtherLines()
{
    const QByteArray theirs = "line 1\nline 2\n";
    const QByteArray withOurs = ShellProfile::withBlock(theirs, "export A=1\n") + "line 3\n";
    QCOMPARE(ShellProfile::withoutBlock(withOurs), QByteArray("line 1\nline 2\nline 3\n"));
    QCOMPARE(ShellProfile::withoutBlock(theirs), theirs);
    QVERIFY(!ShellProfile::hasBlock(theirs));
}

void TestEnvText::shellExportsQuoteSafely()
{
    const QByteArray lines = ShellProfile::shellExports({QStringLiteral("/opt/it's cuda/bin")}, {});
    QVERIFY(lines.contains("export PATH='/opt/it'\\''s cuda/bin'\"${PATH:+:$PATH}\"\n"));
    QVERIFY(!lines.contains("LD_LIBRARY_PATH"));
    QVERIFY(ShellProfile::environmentDLines({}, {QStringLiteral("/opt/cuda/lib64")})
                .contains("LD_LIBRARY_PATH=/opt/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\n"));
}

void TestEnvText::diffShowsHunks()
{
    QStringList before;
    for (int i = 1; i <= 20; ++i)
        before.append(QString::number(i));
    QStringList after = before;
    after.insert(0, QStringLiteral("new first"));
    after[15] = QStringLiteral("fifteen");
    const QString diff = TextDiff::unified(QStringLiteral("a"), before, QStringLiteral("b"), after);
    QCOMPARE(diff,
             QStringLiteral("--- a\n+++ b\n"
                            "@@ -1,3 +1,4 @@\n+new first\n 1\n 2\n 3\n"
                            "@@ -12,7 +13,7 @@\n 12\n 13\n 14\n-15\n+fifteen\n 16\n 17\n 18\n"));
    QCOMPARE(TextDiff::unified(QStringLiteral("/dev/null"), {}, QStringLiteral("f"), {QStringLiteral("x")}),
             QStringLiteral("--- /dev/null\n+++ f\n@@ -0,0 +1,1 @@\n+x\n"));
}

void TestEnvText::diffOfEqualTextsIsEmpty()
{
    QVERIFY(TextDiff::unified(QStringLiteral("f"), {QStringLiteral("x")}, QStringLiteral("f"), {QStringLiteral("x")})
                .isEmpty());
    QCOMPARE(TextDiff::lines(QStringLiteral("a\nb\n")), (QStringList{"a", "b"}));
}

QTEST_GUILESS_MAIN(TestEnvText)
#include "TestEnvText.moc"
