#include "env/EnvironmentCode.h"
#include "report/CauseGrouping.h"
#include "report/DiagnosisRegistry.h"

#include <QtTest>

/**
 * One cause, one finding (issue 52): findings of a code the registry groups by cause that name the same cause with
 * the same fix are one finding about all their subjects; anything else stays as it was.
 */
class TestCauseGrouping : public QObject
{
    Q_OBJECT

private slots:
    void theRegistrySaysWhichCodesGroup();
    void oneCauseIsOneFindingAboutEveryLibrary();
    void anotherCauseOrFixStaysApart();
    void aCodeThatDoesNotGroupStaysOnePerSubject();
    void aLoneFindingIsAsItWas();
    void theReportNamesEverySubject();

private:
    static Diagnostic shadow(const QString& library, const QString& cause, Severity severity = Severity::Warning)
    {
        return Diagnostic::of(severity,
                              EnvironmentCode::ShadowUser,
                              QStringLiteral("A new program loading %1 gets /other/%1.").arg(library),
                              QStringLiteral("Put the toolkit first."))
            .about(library)
            .because(cause);
    }
};

void TestCauseGrouping::theRegistrySaysWhichCodesGroup()
{
    const DiagnosisRegistry& registry = DiagnosisRegistry::instance();
    for (const QString& code : {EnvironmentCode::ShadowUser,
                                EnvironmentCode::ShadowMachine,
                                EnvironmentCode::NotFound,
                                EnvironmentCode::NotSearchPath})
        QVERIFY2(registry.find(code) && registry.find(code)->groupsByCause, qPrintable(code));
    QVERIFY(!registry.find(EnvironmentCode::CudaLink)->groupsByCause);
    // The old code scripts may still read for "cannot find it at all" is documented on the new one's row.
    QCOMPARE(registry.find(EnvironmentCode::NotFound)->aliases, QStringList{EnvironmentCode::ShadowUser});
    QString error;
    const QJsonObject bad{
        {QStringLiteral("schema"), 1},
        {QStringLiteral("kinds"), QJsonArray{QJsonObject{{QStringLiteral("kind"), QStringLiteral("task")}}}},
        {QStringLiteral("diagnoses"),
         QJsonArray{QJsonObject{{QStringLiteral("code"), QStringLiteral("X-Y")},
                                {QStringLiteral("severity"), QStringLiteral("info")},
                                {QStringLiteral("kind"), QStringLiteral("task")},
                                {QStringLiteral("group"), QStringLiteral("subject")}}}}};
    QVERIFY(DiagnosisRegistry::fromJson(bad, &error).all().isEmpty());
    QVERIFY2(error.contains(QStringLiteral("group")), qPrintable(error));
}

void TestCauseGrouping::oneCauseIsOneFindingAboutEveryLibrary()
{
    const QString cause = QStringLiteral("New programs get these from /other, not from /toolkit.");
    const Diagnostics each{shadow(QStringLiteral("libcudnn.so.9"), cause, Severity::Info),
                           shadow(QStringLiteral("libcudnn_ops.so.9"), cause),
                           shadow(QStringLiteral("libcudart.so.13"), cause, Severity::Info)};
    const Diagnostics grouped = CauseGrouping::grouped(each);
    QCOMPARE(grouped.size(), 1);
    const Diagnostic& one = grouped.first();
    QCOMPARE(one.message, cause);
    QCOMPARE(one.severity, Severity::Warning); // the worst of its members
    QCOMPARE(one.fix, QStringLiteral("Put the toolkit first."));
    QCOMPARE(
        one.subjects,
        QStringList(
            {QStringLiteral("libcudnn.so.9"), QStringLiteral("libcudnn_ops.so.9"), QStringLiteral("libcudart.so.13")}));
    QVERIFY(one.subject.isEmpty());
    // Grouping what is grouped already changes nothing.
    QCOMPARE(CauseGrouping::grouped(grouped), grouped);
}

void TestCauseGrouping::anotherCauseOrFixStaysApart()
{
    Diagnostic otherFix = shadow(QStringLiteral("nvcc"), QStringLiteral("from /a"));
    otherFix.fix = QStringLiteral("Put the toolkit's bin first.");
    const Diagnostics each{shadow(QStringLiteral("libcudnn.so.9"), QStringLiteral("from /a")),
                           shadow(QStringLiteral("libcudnn_ops.so.9"), QStringLiteral("from /b")),
                           otherFix,
                           shadow(QStringLiteral("libcudnn_cnn.so.9"), QStringLiteral("from /a"))};
    const Diagnostics grouped = CauseGrouping::grouped(each);
    QCOMPARE(grouped.size(), 3);
    QCOMPARE(grouped.at(0).subjects,
             QStringList({QStringLiteral("libcudnn.so.9"), QStringLiteral("libcudnn_cnn.so.9")}));
    QCOMPARE(grouped.at(1).subject, QStringLiteral("libcudnn_ops.so.9"));
    QCOMPARE(grouped.at(2).subject, QStringLiteral("nvcc"));
}

void TestCauseGrouping::aCodeThatDoesNotGroupStaysOnePerSubject()
{
    Diagnostics each;
    for (const QString& path : {QStringLiteral("/usr/local/cuda"), QStringLiteral("/opt/cuda")})
        each.append(Diagnostic::of(EnvironmentCode::CudaLink, QStringLiteral("m"), QStringLiteral("f"))
                        .about(path)
                        .because(QStringLiteral("the same words")));
    QCOMPARE(CauseGrouping::grouped(each), each);
    // Nor does a finding that names no cause.
    const Diagnostics causeless{shadow(QStringLiteral("a"), QString()), shadow(QStringLiteral("b"), QString())};
    QCOMPARE(CauseGrouping::grouped(causeless).size(), 2);
}

void TestCauseGrouping::aLoneFindingIsAsItWas()
{
    const Diagnostic lone = shadow(QStringLiteral("nvcc"), QStringLiteral("from /a"));
    QCOMPARE(CauseGrouping::grouped({lone}), Diagnostics{lone});
    QCOMPARE(lone.affected(), QStringList{QStringLiteral("nvcc")});
}

void TestCauseGrouping::theReportNamesEverySubject()
{
    const QString cause = QStringLiteral("from /a");
    const Diagnostic one
        = CauseGrouping::merged({shadow(QStringLiteral("x.so"), cause), shadow(QStringLiteral("y.so"), cause)});
    const QJsonObject json = one.toJson();
    QCOMPARE(json.value(QStringLiteral("subjects")).toArray(),
             QJsonArray({QStringLiteral("x.so"), QStringLiteral("y.so")}));
    QVERIFY(!json.contains(QStringLiteral("subject")));
    QCOMPARE(Diagnostic::fromJson(json).subjects, one.subjects);
}

QTEST_GUILESS_MAIN(TestCauseGrouping)
#include "TestCauseGrouping.moc"
