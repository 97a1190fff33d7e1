#include "TestDiagnostic.h"
#include "TestTree.h"
#include "report/Report.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

class TestReport : public QObject
{
    Q_OBJECT

private slots:
    void worstSeverity();
    void diagnosticRoundTrip();
    void actionRoundTrip();
    void reportJsonHasContractKeys();
    void writeIsAtomicAndFailsClearly();
};

void TestReport::worstSeverity()
{
    Diagnostics list;
    QCOMPARE(::worstSeverity(list), Severity::Info);
    list << testDiagnostic(Severity::Info, QStringLiteral("A"), QStringLiteral("a"));
    list << testDiagnostic(Severity::Error, QStringLiteral("C"), QStringLiteral("c"));
    list << testDiagnostic(Severity::Warning, QStringLiteral("B"), QStringLiteral("b"));
    QCOMPARE(::worstSeverity(list), Severity::Error);
    QVERIFY(containsCode(list, QStringLiteral("B")));
    QVERIFY(!containsCode(list, QStringLiteral("D")));
}

void TestReport::diagnosticRoundTrip()
{
    Diagnostic d = testDiagnostic(Severity::Warning,
                                  QStringLiteral("CUDA-ACTIVE-DISAGREE"),
                                  QStringLiteral("nvcc and CUDA_PATH disagree"),
                                  QStringLiteral("Put the toolkit first"));
    d.about(QStringLiteral("/usr/local/cuda-13.0"));
    const QJsonObject json = d.toJson();
    QCOMPARE(json.value(QStringLiteral("severity")).toString(), QStringLiteral("warning"));
    QCOMPARE(json.value(QStringLiteral("subject")).toString(), QStringLiteral("/usr/local/cuda-13.0"));
    QCOMPARE(Diagnostic::fromJson(json), d);
}

void TestReport::actionRoundTrip()
{
    const Diagnostic plain
        = testDiagnostic(Severity::Error, QStringLiteral("PKG-X-Y"), QStringLiteral("m"), QStringLiteral("f"));
    QVERIFY(!plain.toJson().contains(QStringLiteral("action"))); // no action, no key
    for (FixAction::Kind kind : FixAction::allKinds()) {
        if (kind == FixAction::Kind::None)
            continue;
        Diagnostic d = plain;
        d.offering(kind, QStringLiteral("/opt/cuda-12.4"));
        const QJsonObject action = d.toJson().value(QStringLiteral("action")).toObject();
        QCOMPARE(action.value(QStringLiteral("kind")).toString(), FixAction::kindName(kind));
        QCOMPARE(action.value(QStringLiteral("argument")).toString(), QStringLiteral("/opt/cuda-12.4"));
        QCOMPARE(Diagnostic::fromJson(d.toJson()), d);
        QVERIFY(!(Diagnostic::fromJson(plain.toJson()) == d));
    }
    QCOMPARE(FixAction::kindName(FixAction::Kind::ChooseToolkit), QStringLiteral("choose-toolkit"));
    QCOMPARE(FixAction::kindFromName(QStringLiteral("no-such-action")), FixAction::Kind::None);
}

void TestReport::reportJsonHasContractKeys()
{
    Report report(QStringLiteral("detect"));
    report.setStatus(QStringLiteral("ok"));
    report.setSection(QStringLiteral("toolkits"), QJsonArray{});
    report.addDiagnostic(testDiagnostic(Severity::Info, QStringLiteral("DRV-NOT-FOUND"), QStringLiteral("no driver")));
    const QJsonObject json = QJsonDocument::fromJson(report.toJsonBytes()).object();
    QCOMPARE(json.value(QStringLiteral("schema")).toInt(), Report::SchemaVersion);
    QCOMPARE(json.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
    QCOMPARE(json.value(QStringLiteral("command")).toString(), QStringLiteral("detect"));
    QVERIFY(json.value(QStringLiteral("toolkits")).isArray());
    QCOMPARE(json.value(QStringLiteral("diagnostics")).toArray().size(), 1);
    QCOMPARE(json.value(QStringLiteral("tool")).toObject().value(QStringLiteral("name")).toString(),
             QStringLiteral("cudnn-setup"));
}

void TestReport::writeIsAtomicAndFailsClearly()
{
    TestTree tree;
    Report report(QStringLiteral("detect"));
    QString error;
    const QString target = tree.path(QStringLiteral("report.json"));
    QVERIFY(report.writeTo(target, &error));
    QFile written(target);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll(), report.toJsonBytes());

    QVERIFY(!report.writeTo(tree.path(QStringLiteral("no/such/dir/report.json")), &error));
    QVERIFY(!error.isEmpty());
}

QTEST_GUILESS_MAIN(TestReport)
#include "TestReport.moc"
