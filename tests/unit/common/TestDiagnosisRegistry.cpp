#include "env/EnvironmentCode.h"
#include "report/DiagnosisRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QtTest>

/**
 * The registry of diagnoses (resources/diagnoses.json): the table built into the program reads, a finding takes its
 * severity from it, and a finding it does not allow is caught. That every code the product names has a row, and every
 * row a code that something emits, is tests/source/check-diagnoses.py's.
 */
class TestDiagnosisRegistry : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void theBuiltInTableReads();
    void aFindingTakesItsRowsSeverity();
    void aSeverityItsRowDoesNotAllowIsCaught();
    void anUnknownCodeIsCaught();
    void anActionItsRowDoesNotListIsCaught();
    void wordsFollowTheLanguage();
    void aBrokenTableIsRefused_data();
    void aBrokenTableIsRefused();

private:
    static void record(const QString& code, const QString& why) { s_caught.append(code + QStringLiteral(": ") + why); }
    static QStringList s_caught;
};

QStringList TestDiagnosisRegistry::s_caught;

void TestDiagnosisRegistry::init()
{
    s_caught.clear();
    setDiagnosisViolationHandler(&TestDiagnosisRegistry::record);
}

void TestDiagnosisRegistry::cleanup()
{
    setDiagnosisViolationHandler(nullptr);
    QLocale::setDefault(QLocale::c());
}

void TestDiagnosisRegistry::theBuiltInTableReads()
{
    const DiagnosisRegistry& registry = DiagnosisRegistry::instance();
    QVERIFY(registry.all().size() > 150);
    const Diagnosis* stale = registry.find(EnvironmentCode::LoaderCacheStale);
    QVERIFY(stale);
    QCOMPARE(stale->kind, QStringLiteral("loader-cache-stale"));
    QCOMPARE(stale->area, QStringLiteral("env"));
    QVERIFY(!stale->doc.isEmpty());
    for (const QString& kind : {QStringLiteral("library-missing"),
                                QStringLiteral("not-a-setup-problem"),
                                QStringLiteral("unknown"),
                                QStringLiteral("ok"),
                                QStringLiteral("task")})
        QVERIFY2(registry.kinds().contains(kind), qPrintable(kind));
    QVERIFY(DiagnosisRegistry::isCause(QStringLiteral("other-copy-wins")));
    QVERIFY(!DiagnosisRegistry::isCause(QStringLiteral("task")));
    QVERIFY(!DiagnosisRegistry::isCause(QStringLiteral("ok")));
}

void TestDiagnosisRegistry::aFindingTakesItsRowsSeverity()
{
    const Diagnosis* row = DiagnosisRegistry::instance().find(EnvironmentCode::LoaderCacheStale);
    QVERIFY(row);
    const Diagnostic finding = Diagnostic::of(EnvironmentCode::LoaderCacheStale, QStringLiteral("stale"));
    QCOMPARE(finding.severity, row->severity);
    QCOMPARE(finding.code, EnvironmentCode::LoaderCacheStale);
    QVERIFY2(s_caught.isEmpty(), qPrintable(s_caught.join(QLatin1Char('\n'))));
}

void TestDiagnosisRegistry::aSeverityItsRowDoesNotAllowIsCaught()
{
    const Diagnosis* row = DiagnosisRegistry::instance().find(EnvironmentCode::ShadowUser);
    QVERIFY(row && !row->also.isEmpty()); // it varies: info once the fix is in place
    Diagnostic::of(row->also.first(), EnvironmentCode::ShadowUser, QStringLiteral("allowed"));
    QVERIFY2(s_caught.isEmpty(), qPrintable(s_caught.join(QLatin1Char('\n'))));

    const Diagnosis* fixed = DiagnosisRegistry::instance().find(EnvironmentCode::LoaderCacheStale);
    QVERIFY(fixed && fixed->also.isEmpty());
    const Severity other = fixed->severity == Severity::Error ? Severity::Info : Severity::Error;
    Diagnostic::of(other, EnvironmentCode::LoaderCacheStale, QStringLiteral("not allowed"));
    QCOMPARE(s_caught.size(), 1);
    QVERIFY(s_caught.first().startsWith(EnvironmentCode::LoaderCacheStale));
}

void TestDiagnosisRegistry::anUnknownCodeIsCaught()
{
    const Diagnostic finding = Diagnostic::of(QStringLiteral("NOPE-NOT-A-CODE"), QStringLiteral("made up"));
    QCOMPARE(s_caught.size(), 1);
    QVERIFY(s_caught.first().contains(QLatin1String("no such code")));
    QCOMPARE(finding.code, QStringLiteral("NOPE-NOT-A-CODE")); // still reported, never dropped
}

void TestDiagnosisRegistry::anActionItsRowDoesNotListIsCaught()
{
    Diagnostic::of(EnvironmentCode::LoaderCacheStale, QStringLiteral("stale")).offering(FixAction::Kind::UseMirror);
    QCOMPARE(s_caught.size(), 1);
    QVERIFY(s_caught.first().contains(QLatin1String("use-mirror")));
}

void TestDiagnosisRegistry::wordsFollowTheLanguage()
{
    const Diagnosis* row = DiagnosisRegistry::instance().find(EnvironmentCode::LoaderCacheStale);
    QVERIFY(row);
    QVERIFY(!row->english.title.isEmpty());
    QVERIFY(!row->chinese.title.isEmpty());
    QLocale::setDefault(QLocale(QStringLiteral("zh_CN")));
    QCOMPARE(DiagnosisRegistry::language(), QStringLiteral("zh_CN"));
    QCOMPARE(row->words().title, row->chinese.title);
    QVERIFY(DiagnosisRegistry::instance().kindWords(row->kind) != QStringLiteral("The loader cache is out of date"));
    QLocale::setDefault(QLocale(QStringLiteral("en")));
    QCOMPARE(row->words().title, row->english.title);
    QCOMPARE(DiagnosisRegistry::instance().kindWords(row->kind), QStringLiteral("The loader cache is out of date"));
}

void TestDiagnosisRegistry::aBrokenTableIsRefused_data()
{
    QTest::addColumn<QByteArray>("rows");
    QTest::addColumn<QString>("why");
    QTest::newRow("a code twice") << QByteArray(R"([{"code":"A-B","severity":"info","kind":"task"},
                                                   {"code":"A-B","severity":"info","kind":"task"}])")
                                  << QStringLiteral("twice");
    QTest::newRow("no severity") << QByteArray(R"([{"code":"A-B","kind":"task"}])") << QStringLiteral("no severity");
    QTest::newRow("an unknown kind") << QByteArray(R"([{"code":"A-B","severity":"info","kind":"bad-luck"}])")
                                     << QStringLiteral("not among the kinds");
    QTest::newRow("varies without saying when")
        << QByteArray(R"([{"code":"A-B","severity":"info","also":["error"],"kind":"task"}])")
        << QStringLiteral("says when");
    QTest::newRow("an unknown action") << QByteArray(
        R"([{"code":"A-B","severity":"info","kind":"task","actions":["dance"]}])")
                                       << QStringLiteral("unknown");
}

void TestDiagnosisRegistry::aBrokenTableIsRefused()
{
    QFETCH(QByteArray, rows);
    QFETCH(QString, why);
    QJsonObject json{
        {QStringLiteral("schema"), 1},
        {QStringLiteral("kinds"), QJsonArray{QJsonObject{{QStringLiteral("kind"), QStringLiteral("task")}}}},
        {QStringLiteral("diagnoses"), QJsonDocument::fromJson(rows).array()}};
    QString error;
    const DiagnosisRegistry registry = DiagnosisRegistry::fromJson(json, &error);
    QVERIFY2(error.contains(why), qPrintable(error));
    QVERIFY(registry.all().isEmpty());

    json.insert(QStringLiteral("diagnoses"),
                QJsonArray{QJsonObject{{QStringLiteral("code"), QStringLiteral("A-B")},
                                       {QStringLiteral("severity"), QStringLiteral("info")},
                                       {QStringLiteral("kind"), QStringLiteral("task")}}});
    error.clear();
    QCOMPARE(DiagnosisRegistry::fromJson(json, &error).all().size(), 1);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestDiagnosisRegistry)
#include "TestDiagnosisRegistry.moc"
