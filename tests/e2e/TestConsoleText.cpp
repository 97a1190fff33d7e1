#include "ConsoleProgress.h"
#include "DisplayWidth.h"
#include "Localization.h"

#include <QtTest>
#include <cstdio>

/**
 * The terminal's arithmetic: how many columns text takes (ASCII one, CJK two, combining marks none), eliding in
 * the middle to a width, the progress line fitted to a terminal, and the language chosen from --lang and the
 * system's list.
 */
class TestConsoleText : public QObject
{
    Q_OBJECT

private slots:
    void widthOfText_data();
    void widthOfText();
    void elisionKeepsBothEndsWithinTheWidth_data();
    void elisionKeepsBothEndsWithinTheWidth();
    void paddingCountsColumns();
    void progressLineFitsTheTerminal_data();
    void progressLineFitsTheTerminal();
    void redrawsStayWithinTheTerminal();
    void lineByLineWithoutATerminal();
    void benchmarkCasesLineByLine();
    void languageFromTheRequestOrTheSystem_data();
    void languageFromTheRequestOrTheSystem();
};

void TestConsoleText::widthOfText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("columns");
    QTest::newRow("empty") << QString() << 0;
    QTest::newRow("ascii") << QStringLiteral("libcudnn.so.9") << 13;
    QTest::newRow("cjk") << QStringLiteral("正在检查安装包") << 14;
    QTest::newRow("mixed") << QStringLiteral("cuDNN 9.19 已安装") << 17;
    QTest::newRow("fullwidth punctuation") << QStringLiteral("（完整）：") << 10;
    QTest::newRow("ideographic space") << QStringLiteral("a\u3000b") << 4;
    QTest::newRow("hangul") << QStringLiteral("설치") << 4;
    QTest::newRow("kana") << QStringLiteral("インストール") << 12;
    QTest::newRow("combining acute") << QStringLiteral("e\u0301te\u0301") << 3; // é t é, decomposed
    QTest::newRow("combining over cjk") << QStringLiteral("字\u0301") << 2;
    QTest::newRow("zero width space") << QStringLiteral("a\u200Bb") << 2;
    QTest::newRow("cjk extension b (surrogates)") << QStringLiteral("\U00020000x") << 3;
    QTest::newRow("wide emoji") << QStringLiteral("\U0001F680") << 2;
    QTest::newRow("latin-1 and greek") << QStringLiteral("café λ") << 6;
    QTest::newRow("ellipsis is narrow") << QStringLiteral("…") << 1;
}

void TestConsoleText::widthOfText()
{
    QFETCH(QString, text);
    QFETCH(int, columns);
    QCOMPARE(DisplayWidth::of(text), columns);
}

void TestConsoleText::elisionKeepsBothEndsWithinTheWidth_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("columns");
    QTest::addColumn<QString>("expected");
    QTest::newRow("fits") << QStringLiteral("short") << 10 << QStringLiteral("short");
    QTest::newRow("exactly") << QStringLiteral("0123456789") << 10 << QStringLiteral("0123456789");
    QTest::newRow("ascii") << QStringLiteral("0123456789abcdef") << 11 << QStringLiteral("0123...cdef");
    // 10 columns for "字" pairs: 4 before, 3 after the dots; a wide character never straddles the limit.
    QTest::newRow("cjk") << QStringLiteral("一二三四五六七八九十") << 10 << QStringLiteral("一二...十");
    QTest::newRow("mixed") << QStringLiteral("lib/正在写入的文件名.so") << 15 << QStringLiteral("lib/正...名.so");
    QTest::newRow("combining mark stays")
        << QStringLiteral("ae\u0301bcdefghe\u0301z") << 7 << QStringLiteral("ae\u0301...e\u0301z");
    QTest::newRow("narrower than the dots") << QStringLiteral("abcdef") << 2 << QStringLiteral("ab");
}

void TestConsoleText::elisionKeepsBothEndsWithinTheWidth()
{
    QFETCH(QString, text);
    QFETCH(int, columns);
    QFETCH(QString, expected);
    const QString elided = DisplayWidth::elidedMiddle(text, columns);
    QCOMPARE(elided, expected);
    QVERIFY(DisplayWidth::of(elided) <= columns);
}

void TestConsoleText::paddingCountsColumns()
{
    QCOMPARE(DisplayWidth::padded(QStringLiteral("驱动"), 8), QStringLiteral("驱动    "));
    QCOMPARE(DisplayWidth::padded(QStringLiteral("Driver"), 8), QStringLiteral("Driver  "));
    QCOMPARE(DisplayWidth::padded(QStringLiteral("long text"), 4), QStringLiteral("long text"));
    QCOMPARE(DisplayWidth::truncated(QStringLiteral("一二三"), 5), QStringLiteral("一二"));
}

static ProgressUpdate installing(const QString& phase, const QString& item)
{
    ProgressUpdate update;
    update.phase = phase;
    update.bytesDone = 123 * 1024 * 1024;
    update.bytesTotal = 645 * 1024 * 1024;
    update.itemsDone = 17;
    update.itemsTotal = 39;
    update.currentItem = item;
    return update;
}

void TestConsoleText::progressLineFitsTheTerminal_data()
{
    QTest::addColumn<QString>("phase");
    QTest::addColumn<int>("columns");
    const QString item
        = QStringLiteral("cudnn-linux-x86_64-9.19.0.56_cuda13-archive/lib/libcudnn_engines_precompiled.so.9");
    QTest::addColumn<QString>("item");
    QTest::newRow("english 80") << QStringLiteral("Writing files") << 80 << item;
    QTest::newRow("chinese 80") << QStringLiteral("正在写入文件") << 80 << item;
    QTest::newRow("chinese item 80") << QStringLiteral("正在写入文件") << 80
                                     << QStringLiteral("下载/很长很长的目录名称/") + item;
    QTest::newRow("chinese 40") << QStringLiteral("正在写入文件") << 40 << item;
    QTest::newRow("tiny 10") << QStringLiteral("正在写入文件") << 10 << item;
    QTest::newRow("wide 200") << QStringLiteral("Writing files") << 200 << item;
}

void TestConsoleText::progressLineFitsTheTerminal()
{
    QFETCH(QString, phase);
    QFETCH(int, columns);
    QFETCH(QString, item);
    const QString line = ConsoleProgress::fittedLine(installing(phase, item), columns);
    QVERIFY2(DisplayWidth::of(line) <= columns - 1, qPrintable(line));
    if (columns >= 40)
        QVERIFY2(line.startsWith(phase + QStringLiteral("  19%")), qPrintable(line));
    if (columns >= 80 && columns < 200) // the item's both ends: under which folder, which library
        QVERIFY2(line.contains(QStringLiteral("...")) && line.endsWith(QStringLiteral("compiled.so.9")),
                 qPrintable(line));
    if (columns >= 200)
        QCOMPARE(line, ConsoleProgress::formatLine(installing(phase, item)));
}

/** Everything the progress wrote into a temporary file, as text. */
static QString written(std::FILE* file)
{
    std::fflush(file);
    std::rewind(file);
    QByteArray bytes;
    char buffer[4096];
    while (const size_t n = std::fread(buffer, 1, sizeof buffer, file))
        bytes.append(buffer, qsizetype(n));
    return QString::fromUtf8(bytes);
}

void TestConsoleText::redrawsStayWithinTheTerminal()
{
    std::FILE* file = std::tmpfile();
    QVERIFY(file);
    {
        ConsoleProgress progress(file, true, 80);
        ProgressUpdate update
            = installing(QStringLiteral("正在写入文件"),
                         QStringLiteral("一个很长的文件夹名称/lib/libcudnn_engines_runtime_compiled.so.9"));
        progress.report(update);
        QTest::qWait(120); // past the redraw limit
        update.itemsDone = 18;
        update.currentItem = QStringLiteral("include/cudnn.h");
        progress.report(update);
        progress.report(installing(QStringLiteral("正在验证"), QString()));
    }
    const QString text = written(file);
    std::fclose(file);
    QVERIFY2(text.startsWith(QLatin1Char('\r')), qPrintable(text));
    QVERIFY2(text.endsWith(QLatin1Char('\n')), qPrintable(text));
    const QStringList lines = text.split(QRegularExpression(QStringLiteral("[\r\n]")), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    for (const QString& line : lines)
        QVERIFY2(DisplayWidth::of(line) < 80, qPrintable(line));
    // The shorter redraw blanks what the longer one left, counted in columns, not in characters.
    QVERIFY2(lines.at(1).contains(QStringLiteral("18/39")), qPrintable(lines.at(1)));
    QVERIFY(DisplayWidth::of(lines.at(1).trimmed()) < DisplayWidth::of(lines.at(0)));
    QCOMPARE(DisplayWidth::of(lines.at(1)), DisplayWidth::of(lines.at(0)));
    // A new phase starts a line of its own: the one before stays as it was drawn.
    QVERIFY(text.contains(QStringLiteral("\n\r正在验证")));
}

void TestConsoleText::lineByLineWithoutATerminal()
{
    std::FILE* file = std::tmpfile();
    QVERIFY(file);
    {
        ConsoleProgress progress(file, false);
        ProgressUpdate update = installing(QStringLiteral("Writing files"), QStringLiteral("lib/libcudnn.so.9"));
        for (int done = 0; done <= 39; ++done) {
            update.itemsDone = done;
            update.bytesDone = update.bytesTotal * done / 39;
            progress.report(update);
        }
    }
    const QString text = written(file);
    std::fclose(file);
    QVERIFY2(!text.contains(QLatin1Char('\r')), qPrintable(text));
    const QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 11); // the phase at 0 %, then every 10 %
    QCOMPARE(lines.first(), QStringLiteral("Writing files   0%  0.0/645.0 MiB  0/39 files  lib/libcudnn.so.9"));
}

void TestConsoleText::benchmarkCasesLineByLine()
{
    // The benchmark's progress as the engine reports it: each case as it starts (with its name), then as it ends.
    std::FILE* file = std::tmpfile();
    QVERIFY(file);
    {
        ConsoleProgress progress(file, false);
        progress.report(ProgressUpdate{QStringLiteral("Measuring convolutions"), 0, 0, 0, 0, {}});
        for (int done = 0; done < 14; ++done) {
            ProgressUpdate update{QStringLiteral("Measuring convolutions"),
                                  0,
                                  0,
                                  done,
                                  14,
                                  QStringLiteral("case-%1").arg(done),
                                  false,
                                  ProgressUpdate::Unit::Cases};
            progress.report(update);
            ++update.itemsDone;
            update.currentItem.clear();
            progress.report(update);
        }
    }
    const QString text = written(file);
    std::fclose(file);
    const QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (int k = 0; k < 14; ++k) // one line as each case starts, whatever the 10 % steps are
        QVERIFY2(
            lines.contains(
                QStringLiteral("Measuring convolutions %1%  %2/14 cases  case-%2").arg(int(k * 100 / 14), 3).arg(k)),
            qPrintable(text));
    QCOMPARE(lines.last(), QStringLiteral("Measuring convolutions 100%  14/14 cases"));
}

void TestConsoleText::languageFromTheRequestOrTheSystem_data()
{
    QTest::addColumn<QString>("requested");
    QTest::addColumn<QStringList>("system");
    QTest::addColumn<QString>("expected");
    const QStringList chinese{QStringLiteral("zh-Hans-CN"), QStringLiteral("zh-CN")};
    QTest::newRow("system chinese") << QString() << chinese << QStringLiteral("zh_CN");
    QTest::newRow("--lang en over chinese") << QStringLiteral("en") << chinese << QStringLiteral("en");
    QTest::newRow("--lang zh_CN over english")
        << QStringLiteral("zh_CN") << QStringList{QStringLiteral("en-US")} << QStringLiteral("zh_CN");
    QTest::newRow("a wrong --lang: the system's") << QStringLiteral("fr") << chinese << QStringLiteral("zh_CN");
    QTest::newRow("french: english") << QString() << QStringList{QStringLiteral("fr-Latn-FR"), QStringLiteral("fr-FR")}
                                     << QStringLiteral("en");
    QTest::newRow("C: english") << QString() << QStringList{QStringLiteral("C")} << QStringLiteral("en");
    QTest::newRow("traditional: english")
        << QString() << QStringList{QStringLiteral("zh-Hant-TW"), QStringLiteral("zh-TW")} << QStringLiteral("en");
    QTest::newRow("macau: english") << QString() << QStringList{QStringLiteral("zh-Hant-MO"), QStringLiteral("zh-MO")}
                                    << QStringLiteral("en");
    QTest::newRow("first shipped wins") << QString()
                                        << QStringList{QStringLiteral("de-DE"),
                                                       QStringLiteral("zh-Hans-CN"),
                                                       QStringLiteral("en-US")}
                                        << QStringLiteral("zh_CN");
}

void TestConsoleText::languageFromTheRequestOrTheSystem()
{
    QFETCH(QString, requested);
    QFETCH(QStringList, system);
    QFETCH(QString, expected);
    QCOMPARE(Localization::languageFor(requested, system), expected);
}

QTEST_GUILESS_MAIN(TestConsoleText)
#include "TestConsoleText.moc"
