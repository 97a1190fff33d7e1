#include "TestTree.h"
#include "explain/ErrorText.h"
#include "explain/MessageReader.h"
#include "explain/MessageTable.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStringEncoder>
#include <QtTest>
#include <sys/stat.h>

/**
 * The message table (resources/explain/messages.json) as --explain reads it: every example of every entry is
 * recognised as that entry with exactly the facts the table states, and the text is read the way people paste it.
 */
class TestMessageTable : public QObject
{
    Q_OBJECT

private slots:
    void everyExampleIsItsEntryWithItsFacts_data();
    void everyExampleIsItsEntryWithItsFacts();
    void everyProgramAndSourceIsUsed();
    void malformedTablesAreRefused_data();
    void malformedTablesAreRefused();
    void aLoneMajorKeepsItsName();
    void theSameMessageTwiceIsOneMessage();
    void aTracebackInAColouredChineseLogIsRead();
    void moreThanAMegabyteIsRefusedUnread();
    void aFifoIsNotWaitedFor();

private:
    static QJsonObject tableJson();
};

QJsonObject TestMessageTable::tableJson()
{
    QFile file(QStringLiteral(":/explain/messages.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("the message table is not built in");
    return QJsonDocument::fromJson(file.readAll()).object();
}

void TestMessageTable::everyExampleIsItsEntryWithItsFacts_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QJsonObject>("facts");
    for (const QJsonValue& entry : tableJson().value(QStringLiteral("messages")).toArray()) {
        const QString id = entry[QStringLiteral("id")].toString();
        int n = 0;
        for (const QJsonValue& example : entry[QStringLiteral("examples")].toArray())
            QTest::newRow(qPrintable(QStringLiteral("%1 #%2").arg(id).arg(++n)))
                << id << example[QStringLiteral("text")].toString() << example[QStringLiteral("facts")].toObject();
        QVERIFY2(n > 0, qPrintable(id + QStringLiteral(" has no example")));
    }
}

void TestMessageTable::everyExampleIsItsEntryWithItsFacts()
{
    QFETCH(QString, id);
    QFETCH(QString, text);
    QFETCH(QJsonObject, facts);
    const QList<RecognisedMessage> found
        = MessageReader::recognise(MessageTable::builtIn(), ErrorText::normalise(text));
    const auto it = std::find_if(found.cbegin(), found.cend(), [&](const RecognisedMessage& m) { return m.id == id; });
    QVERIFY2(it != found.cend(), qPrintable(QStringLiteral("not recognised as %1").arg(id)));
    QMap<QString, QString> expected;
    for (auto f = facts.begin(); f != facts.end(); ++f)
        expected.insert(f.key(), f.value().toString());
    QCOMPARE(it->facts, expected);
    QVERIFY(!it->text.isEmpty());
    QVERIFY(text.contains(it->text.left(20)));
}

void TestMessageTable::everyProgramAndSourceIsUsed()
{
    const QJsonObject json = tableJson();
    QSet<QString> programs, sources;
    for (const QJsonValue& entry : json.value(QStringLiteral("messages")).toArray()) {
        programs.insert(entry[QStringLiteral("program")].toString());
        sources.insert(entry[QStringLiteral("source")].toString());
    }
    for (const QString& source : json.value(QStringLiteral("sources")).toObject().keys())
        QVERIFY2(sources.contains(source), qPrintable(source + QStringLiteral(": a source no message cites")));
    for (const QString& program : json.value(QStringLiteral("programs")).toObject().keys())
        QVERIFY2(programs.contains(program), qPrintable(program + QStringLiteral(": a program no message names")));
    // The frameworks a message names are those the frameworks table judges, by their distribution names.
    QCOMPARE(MessageTable::builtIn().program(QStringLiteral("pytorch"))->packages,
             QStringList{QStringLiteral("torch")});
    QCOMPARE(MessageTable::builtIn().program(QStringLiteral("ctranslate2"))->packages,
             QStringList{QStringLiteral("ctranslate2")});
}

void TestMessageTable::malformedTablesAreRefused_data()
{
    QTest::addColumn<QString>("change"); // what is broken in an otherwise valid one-entry table
    QTest::addColumn<QString>("complaint");
    QTest::newRow("pattern") << "pattern"
                             << "pattern";
    QTest::newRow("source") << "source"
                            << "is not among the sources";
    QTest::newRow("program") << "program"
                             << "is not among the programs";
    QTest::newRow("symptom") << "symptom"
                             << "no such symptom";
    QTest::newRow("tells_apart") << "tells_apart"
                                 << "what tells it apart";
    QTest::newRow("schema") << "schema"
                            << "schema 1";
}

void TestMessageTable::malformedTablesAreRefused()
{
    QFETCH(QString, change);
    QFETCH(QString, complaint);
    QJsonObject entry{{"id", "m"},
                      {"program", "p"},
                      {"symptom", "not-a-setup-problem"},
                      {"pattern", "CUDNN_STATUS_ALLOC_FAILED"},
                      {"source", "S"},
                      {"tells_apart", QJsonObject{{"en", "memory"}, {"zh_CN", "显存"}}}};
    QJsonObject json{{"schema", 1},
                     {"programs", QJsonObject{{"p", QJsonObject{}}}},
                     {"sources", QJsonObject{{"S", QJsonObject{{"url", "https://example.org/s"}}}}}};
    if (change == QLatin1String("pattern"))
        entry.insert("pattern", "(unclosed");
    else if (change == QLatin1String("source"))
        entry.insert("source", "T");
    else if (change == QLatin1String("program"))
        entry.insert("program", "q");
    else if (change == QLatin1String("symptom"))
        entry.insert("symptom", "bad-luck");
    else if (change == QLatin1String("tells_apart"))
        entry.remove("tells_apart");
    else if (change == QLatin1String("schema"))
        json.insert("schema", 2);
    json.insert("messages", QJsonArray{entry});
    QString error;
    const MessageTable table = MessageTable::fromJson(json, &error);
    QVERIFY2(error.contains(complaint), qPrintable(error));
    QVERIFY(table.messages().isEmpty());

    // The same table, unbroken, reads.
    QJsonObject good = json;
    good.insert("schema", 1);
    entry = QJsonObject{{"id", "m"},
                        {"program", "p"},
                        {"symptom", "not-a-setup-problem"},
                        {"pattern", "ALLOC"},
                        {"source", "S"},
                        {"tells_apart", QJsonObject{{"en", "a"}, {"zh_CN", "b"}}}};
    good.insert("messages", QJsonArray{entry});
    error.clear();
    QCOMPARE(MessageTable::fromJson(good, &error).messages().size(), 1);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestMessageTable::aLoneMajorKeepsItsName()
{
    // "libcudnn_cnn_infer.so.8" names a major only: the fact is the major, never a one-number "version".
    const QList<RecognisedMessage> found = MessageReader::recognise(
        MessageTable::builtIn(),
        QStringLiteral("Could not locate cudnn_ops64_9.dll. Please make sure it is in your library path!"));
    QVERIFY(!found.isEmpty());
    QVERIFY(!found.constFirst().facts.contains(QStringLiteral("cudnn_version")));
    QCOMPARE(found.constFirst().facts.value(QStringLiteral("cudnn_major")), QStringLiteral("9"));
}

void TestMessageTable::theSameMessageTwiceIsOneMessage()
{
    const QString line = QStringLiteral("RuntimeError: cuDNN error: CUDNN_STATUS_NOT_INITIALIZED\n");
    const QList<RecognisedMessage> found = MessageReader::recognise(MessageTable::builtIn(), line + line + line);
    QCOMPARE(found.size(), 1);
    QCOMPARE(found.constFirst().id, QStringLiteral("cudnn-status-not-initialized"));
}

void TestMessageTable::aTracebackInAColouredChineseLogIsRead()
{
    // A Windows console log: CRLF, colour codes around the error, Chinese around it, in the console's GBK.
    const QString log
        = QStringLiteral("训练开始\r\n\x1b[31mTraceback (most recent call last):\x1b[0m\r\n"
                         "  File \"C:\\Users\\张三\\train.py\", line 3, in <module>\r\n"
                         "\x1b[1;31mCould not locate zlibwapi.dll. Please make sure it is in your library "
                         "path!\x1b[0m\r\n进程已结束，退出代码 -1073740791\r\n");
    QStringEncoder gbk("GB18030");
    if (!gbk.isValid())
        QSKIP("this Qt has no GB18030 codec");
    const QByteArray utf8 = log.toUtf8();
    const ErrorText::Read read = ErrorText::fromBytes(utf8);
    QVERIFY(!read.text.contains(QLatin1Char('\r')));
    QVERIFY(!read.text.contains(QChar(0x1b)));
    QVERIFY(read.text.contains(QStringLiteral("张三")));
    const QList<RecognisedMessage> found = MessageReader::recognise(MessageTable::builtIn(), read.text);
    QVERIFY(!found.isEmpty());
    QCOMPARE(found.constFirst().id, QStringLiteral("cudnn-windows-zlibwapi-missing"));
    QCOMPARE(found.constFirst().text,
             QStringLiteral("Could not locate zlibwapi.dll. Please make sure it is in your library path!"));
    // The same log as a Chinese Windows console writes it to a file (GBK): not UTF-8, yet the message is read.
    const QByteArray console = gbk.encode(log);
    QVERIFY(console != utf8);
    const QList<RecognisedMessage> fromConsole
        = MessageReader::recognise(MessageTable::builtIn(), ErrorText::fromBytes(console).text);
    QVERIFY(!fromConsole.isEmpty());
    QCOMPARE(fromConsole.constFirst().id, QStringLiteral("cudnn-windows-zlibwapi-missing"));
}

void TestMessageTable::moreThanAMegabyteIsRefusedUnread()
{
    QByteArray big(ErrorText::MaxBytes, 'x');
    QVERIFY(!ErrorText::fromBytes(big).tooLarge);
    big.append('x');
    const ErrorText::Read read = ErrorText::fromBytes(big);
    QVERIFY(read.tooLarge);
    QVERIFY(read.text.isEmpty());

    TestTree tree;
    const QString path = tree.writeFile(QStringLiteral("log.txt"), big);
    QVERIFY(ErrorText::fromFile(path).tooLarge);
}

void TestMessageTable::aFifoIsNotWaitedFor()
{
    TestTree tree;
    const QString fifo = tree.path(QStringLiteral("pipe"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const ErrorText::Read read = ErrorText::fromFile(fifo); // no writer: a read that blocked would hang here
    QVERIFY(!read.error.isEmpty());
    QVERIFY(!ErrorText::fromFile(tree.path(QStringLiteral("missing.txt"))).error.isEmpty());
    QVERIFY(!ErrorText::fromFile(tree.root()).error.isEmpty());
}

QTEST_GUILESS_MAIN(TestMessageTable)
#include "TestMessageTable.moc"
