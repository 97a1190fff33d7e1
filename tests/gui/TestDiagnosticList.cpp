#include "DiagnosticList.h"

#include <QtTest>

/** The wizard's findings list: forward compatibility and dropped GPUs read as what they mean, beside the fix. */
class TestDiagnosticList : public QObject
{
    Q_OBJECT

private slots:
    void forwardCompatibilityIsAWarningWithItsMeaning();
    void plainFindingsHaveNoMeaningLine();
};

void TestDiagnosticList::forwardCompatibilityIsAWarningWithItsMeaning()
{
    DiagnosticList list;
    list.setDiagnostics({Diagnostic::warning(QStringLiteral("PKG-GPU-FORWARD-COMPAT"),
                                             QStringLiteral("cuDNN 9.19.0 knows GPUs up to 12.1; GPU 0 is newer."),
                                             QStringLiteral("A newer cuDNN runs it natively.")),
                         Diagnostic::error(QStringLiteral("PKG-GPU-UNSUPPORTED"),
                                           QStringLiteral("GPU 0 (7.0) is older."),
                                           QStringLiteral("Use cuDNN 9.10 or older."))});
    QCOMPARE(list.topLevelItemCount(), 2);
    const QTreeWidgetItem* forward = list.topLevelItem(0);
    QCOMPARE(forward->data(0, Qt::UserRole).toString(), QStringLiteral("PKG-GPU-FORWARD-COMPAT"));
    QCOMPARE(forward->childCount(), 2); // what it means, then the fix
    QVERIFY(forward->child(0)->text(0).startsWith(QLatin1String("What this means:")));
    QVERIFY(forward->child(0)->text(0).contains(QLatin1String("forward compatibility")));
    QVERIFY(forward->child(1)->text(0).startsWith(QLatin1String("Fix:")));
    QVERIFY(list.topLevelItem(1)->child(0)->text(0).contains(QLatin1String("9.11")));
}

void TestDiagnosticList::plainFindingsHaveNoMeaningLine()
{
    DiagnosticList list;
    list.setDiagnostics({Diagnostic::warning(QStringLiteral("PKG-NO-GPU"), QStringLiteral("No GPU."), QString())});
    QCOMPARE(list.topLevelItem(0)->childCount(), 0);
    QVERIFY(DiagnosticList::meaningOf(QStringLiteral("PKG-CUDA-MISMATCH")).isEmpty());
}

QTEST_MAIN(TestDiagnosticList)
#include "TestDiagnosticList.moc"
