#include "ArchiveBuilder.h"
#include "TestTree.h"
#include "package/EntrySafety.h"
#include "package/PackageInspector.h"

#include <QtTest>

/** Every unsafe entry is reported by a dry run (inspection), from a real archive, with the entry named. */
class TestEntrySafety : public QObject
{
    Q_OBJECT

private slots:
    void unsafeEntries_data();
    void unsafeEntries();
    void honestArchiveIsSafe();
    void windowsCaseCollision();
    void zipLinkOutside();
};

void TestEntrySafety::unsafeEntries_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("subject");
    QTest::newRow("dot-dot") << "dotdot"
                             << "top/../evil.so";
    QTest::newRow("absolute") << "absolute"
                              << "/etc/evil.conf";
    QTest::newRow("link outside its folder") << "link-out"
                                             << "top/lib/libevil.so";
    QTest::newRow("absolute link") << "link-abs"
                                   << "top/lib/libabs.so";
    QTest::newRow("hard link outside") << "hardlink-out"
                                       << "top/lib/hard";
    QTest::newRow("device") << "device"
                            << "top/dev0";
    QTest::newRow("fifo") << "fifo"
                          << "top/pipe";
    QTest::newRow("path through a link") << "through-link"
                                         << "top/lnk/viaLink.so";
    QTest::newRow("twice") << "twice"
                           << "top/lib/libcudnn.so.9";
}

void TestEntrySafety::unsafeEntries()
{
    QFETCH(QString, kind);
    QFETCH(QString, subject);
    ArchiveBuilder b;
    b.dir(QStringLiteral("top/")).file(QStringLiteral("top/lib/libcudnn.so.9"), "x");
    if (kind == QLatin1String("dotdot"))
        b.file(subject, "x");
    else if (kind == QLatin1String("absolute"))
        b.file(subject, "x");
    else if (kind == QLatin1String("link-out"))
        b.symlink(subject, QStringLiteral("../../outside"));
    else if (kind == QLatin1String("link-abs"))
        b.symlink(subject, QStringLiteral("/usr/lib/libc.so.6"));
    else if (kind == QLatin1String("hardlink-out"))
        b.file(QStringLiteral("top/other/secret"), "s").hardlink(subject, QStringLiteral("top/other/secret"));
    else if (kind == QLatin1String("device"))
        b.device(subject);
    else if (kind == QLatin1String("fifo"))
        b.fifo(subject);
    else if (kind == QLatin1String("through-link"))
        b.symlink(QStringLiteral("top/lnk"), QStringLiteral("lib")).file(subject, "x");
    else if (kind == QLatin1String("twice"))
        b.file(subject, "y");

    TestTree tree;
    const QString path = tree.path(QStringLiteral("evil.tar.xz"));
    b.write(path);
    const PackageInspection inspection = PackageInspector().inspect(path);
    QVERIFY(inspection.readCompletely);
    bool found = false;
    for (const PackageFinding& f : inspection.findings) {
        if (f.diagnostic.code == PackageCode::UnsafeEntry && f.diagnostic.subject == subject) {
            found = true;
            QCOMPARE(f.blocking, PackageFinding::Blocking::Always);
            QVERIFY(!f.diagnostic.fix.isEmpty());
        }
    }
    QVERIFY2(found, qPrintable(subject));
}

void TestEntrySafety::honestArchiveIsSafe()
{
    QList<ArchiveEntry> entries{
        {QStringLiteral("top/"), ArchiveEntry::Type::Directory, 0, 0755, {}},
        {QStringLiteral("top/lib/libcudnn.so.9.19.0"), ArchiveEntry::Type::File, 10, 0755, {}},
        {QStringLiteral("top/lib/libcudnn.so.9"),
         ArchiveEntry::Type::Symlink,
         0,
         0777,
         QStringLiteral("libcudnn.so.9.19.0")},
        {QStringLiteral("top/lib/libcudnn.so"),
         ArchiveEntry::Type::Symlink,
         0,
         0777,
         QStringLiteral("./libcudnn.so.9")},
        {QStringLiteral("top/lib/libcopy.so"),
         ArchiveEntry::Type::Hardlink,
         0,
         0755,
         QStringLiteral("top/lib/libcudnn.so.9.19.0")},
    };
    QVERIFY(EntrySafety::check(entries, OsFlavor::Linux).isEmpty());
    QVERIFY(!EntrySafety::staysInFolder(QStringLiteral("sub/../../x")));
    QVERIFY(EntrySafety::staysInFolder(QStringLiteral("sub/../x")));
    QVERIFY(EntrySafety::isAbsolute(QStringLiteral("C:\\Windows\\x.dll")));
}

void TestEntrySafety::windowsCaseCollision()
{
    QList<ArchiveEntry> entries{
        {QStringLiteral("top/bin/cudnn64_9.dll"), ArchiveEntry::Type::File, 1, 0644, {}},
        {QStringLiteral("top/bin/CUDNN64_9.DLL"), ArchiveEntry::Type::File, 1, 0644, {}},
    };
    QCOMPARE(EntrySafety::check(entries, OsFlavor::Windows).size(), 1);
    QCOMPARE(EntrySafety::check(entries, OsFlavor::Linux).size(), 0);
}

void TestEntrySafety::zipLinkOutside()
{
    TestTree tree;
    const QString path = tree.path(QStringLiteral("evil.zip"));
    ArchiveBuilder()
        .symlink(QStringLiteral("top/lnk"), tree.root())
        .file(QStringLiteral("top/lnk/viaLink.txt"), "x")
        .write(path);
    const PackageInspection inspection = PackageInspector().inspect(path);
    int unsafe = 0;
    for (const PackageFinding& f : inspection.findings)
        unsafe += f.diagnostic.code == PackageCode::UnsafeEntry;
    QCOMPARE(unsafe, 2); // the link itself, and the file written through it
}

QTEST_GUILESS_MAIN(TestEntrySafety)
#include "TestEntrySafety.moc"
