#include "DiagnosticList.h"
#include "TestDiagnostic.h"

#include <QtTest>

/** The wizard's findings list: forward compatibility and dropped GPUs read as what they mean, beside the fix. */
class TestDiagnosticList : public QObject
{
    Q_OBJECT

private slots:
    void forwardCompatibilityIsAWarningWithItsMeaning();
    void plainFindingsHaveNoMeaningLine();
    void perLibraryFindingsBecomeOneRow();
};

void TestDiagnosticList::forwardCompatibilityIsAWarningWithItsMeaning()
{
    DiagnosticList list;
    list.setDiagnostics({testDiagnostic(Severity::Warning,
                                        QStringLiteral("PKG-GPU-FORWARD-COMPAT"),
                                        QStringLiteral("cuDNN 9.19.0 knows GPUs up to 12.1; GPU 0 is newer."),
                                        QStringLiteral("A newer cuDNN runs it natively.")),
                         testDiagnostic(Severity::Error,
                                        QStringLiteral("PKG-GPU-UNSUPPORTED"),
                                        QStringLiteral("GPU 0 (7.0) is older."),
                                        QStringLiteral("Use cuDNN 9.10 or older."))});
    QCOMPARE(list.topLevelItemCount(), 2);
    QCOMPARE(list.topLevelItem(0)->data(0, Qt::UserRole).toString(), QStringLiteral("PKG-GPU-UNSUPPORTED")); // first
    const QTreeWidgetItem* forward = list.topLevelItem(1);
    QCOMPARE(forward->data(0, Qt::UserRole).toString(), QStringLiteral("PKG-GPU-FORWARD-COMPAT"));
    QCOMPARE(forward->childCount(), 2); // what it means, then the fix
    QVERIFY(forward->child(0)->text(0).startsWith(QLatin1String("What this means:")));
    QVERIFY(forward->child(0)->text(0).contains(QLatin1String("forward compatibility")));
    QVERIFY(forward->child(1)->text(0).startsWith(QLatin1String("Fix:")));
    QVERIFY(list.topLevelItem(0)->child(0)->text(0).contains(QLatin1String("9.11")));
}

void TestDiagnosticList::plainFindingsHaveNoMeaningLine()
{
    DiagnosticList list;
    list.setDiagnostics(
        {testDiagnostic(Severity::Warning, QStringLiteral("PKG-NO-GPU"), QStringLiteral("No GPU."), QString())});
    QCOMPARE(list.topLevelItem(0)->childCount(), 0);
    QVERIFY(DiagnosticList::meaningOf(QStringLiteral("PKG-CUDA-MISMATCH")).isEmpty());
}

void TestDiagnosticList::perLibraryFindingsBecomeOneRow()
{
    Diagnostics findings;
    for (const char* library : {"libcudnn.so.9", "libcudnn_ops.so.9", "libcudnn_cnn.so.9"})
        findings.append(
            testDiagnostic(Severity::Warning,
                           QStringLiteral("ENV-SHADOW-USER"),
                           QStringLiteral("A new program loading %1 gets /opt/old/%1.").arg(QLatin1String(library)),
                           QStringLiteral("Put the toolkit first."))
                .about(QLatin1String(library)));
    findings.append(testDiagnostic(
        Severity::Info, QStringLiteral("ENV-CUDA-LINK"), QStringLiteral("/usr/local/cuda points away.")));
    DiagnosticList list;
    list.setDiagnostics(findings);
    QCOMPARE(list.topLevelItemCount(), 2); // three of a kind are one row, the other finding its own
    const QTreeWidgetItem* group = list.topLevelItem(0);
    QCOMPARE(group->data(0, Qt::UserRole).toString(), QStringLiteral("ENV-SHADOW-USER"));
    QVERIFY2(group->text(0).endsWith(QStringLiteral("(and 2 more like it)")), qPrintable(group->text(0)));
    QCOMPARE(group->toolTip(0), findings.first().message); // the whole sentence, never cut off
    const QTreeWidgetItem* subjects = group->child(0);
    QCOMPARE(subjects->childCount(), 3);
    QCOMPARE(subjects->child(1)->text(0), QStringLiteral("libcudnn_ops.so.9"));
    QCOMPARE(subjects->child(1)->toolTip(0), findings.at(1).message);
    QCOMPARE(group->child(1)->text(0), QStringLiteral("Fix: Put the toolkit first.")); // once, not three times
    QCOMPARE(group->childCount(), 2);
    QCOMPARE(list.topLevelItem(1)->text(0), QStringLiteral("/usr/local/cuda points away."));
}

QTEST_MAIN(TestDiagnosticList)
#include "TestDiagnosticList.moc"
