#include "TransferMeter.h"

#include <QtTest>

/** The rate over the last seconds, the time left, and how both read. */
class TestTransferMeter : public QObject
{
    Q_OBJECT

private slots:
    void noRateBeforeTwoSamples();
    void rateOverTheWindowNotTheWholeRun();
    void restartClearsHistory();
    void formats_data();
    void formats();
};

void TestTransferMeter::noRateBeforeTwoSamples()
{
    TransferMeter meter;
    QVERIFY(meter.text(100).isEmpty());
    meter.sample(0, 0);
    QVERIFY(!meter.bytesPerSecond());
    meter.sample(1000, 1024 * 1024);
    QCOMPARE(*meter.bytesPerSecond(), 1024.0 * 1024.0);
    QCOMPARE(*meter.secondsLeft(11 * 1024 * 1024), qint64(10));
    QCOMPARE(meter.text(11 * 1024 * 1024), QStringLiteral("1.0 MiB/s, 0:10 left"));
    QCOMPARE(meter.text(0), QStringLiteral("1.0 MiB/s")); // no total: no time left
}

void TestTransferMeter::rateOverTheWindowNotTheWholeRun()
{
    TransferMeter meter(3000);
    meter.sample(0, 0);
    meter.sample(10000, 100 * 1024 * 1024); // 10 MiB/s for ten seconds
    for (int s = 11; s <= 15; ++s) // then a stall
        meter.sample(s * 1000, 100 * 1024 * 1024);
    QCOMPARE(*meter.bytesPerSecond(), 0.0);
    QVERIFY(!meter.secondsLeft(200 * 1024 * 1024));
}

void TestTransferMeter::restartClearsHistory()
{
    TransferMeter meter;
    meter.sample(0, 0);
    meter.sample(1000, 5000);
    meter.sample(2000, 0); // the server ignored Range: counting starts over
    QVERIFY(!meter.bytesPerSecond());
}

void TestTransferMeter::formats_data()
{
    QTest::addColumn<qint64>("seconds");
    QTest::addColumn<QString>("text");
    QTest::newRow("seconds") << qint64(7) << "0:07";
    QTest::newRow("minutes") << qint64(125) << "2:05";
    QTest::newRow("hours") << qint64(3 * 3600 + 61) << "3:01:01";
}

void TestTransferMeter::formats()
{
    QFETCH(qint64, seconds);
    QFETCH(QString, text);
    QCOMPARE(TransferMeter::formatDuration(seconds), text);
    QCOMPARE(TransferMeter::formatRate(512.0 * 1024.0), QStringLiteral("512 KiB/s"));
    QCOMPARE(TransferMeter::formatRate(2.5 * 1024.0 * 1024.0), QStringLiteral("2.5 MiB/s"));
}

QTEST_GUILESS_MAIN(TestTransferMeter)
#include "TestTransferMeter.moc"
