#include "PackageFinding.h"

#include <algorithm>

static PackageFinding makeFinding(Diagnostic diagnostic, PackageFinding::Blocking blocking)
{
    PackageFinding finding;
    finding.diagnostic = std::move(diagnostic);
    finding.blocking = blocking;
    return finding;
}

PackageFinding PackageFinding::info(const QString& code, const QString& message, const QString& fix)
{
    return makeFinding(Diagnostic::of(Severity::Info, code, message, fix), Blocking::No);
}

PackageFinding PackageFinding::warning(const QString& code, const QString& message, const QString& fix)
{
    return makeFinding(Diagnostic::of(Severity::Warning, code, message, fix), Blocking::No);
}

PackageFinding PackageFinding::block(const QString& code, const QString& message, const QString& fix)
{
    return makeFinding(Diagnostic::of(Severity::Error, code, message, fix), Blocking::Overridable);
}

PackageFinding PackageFinding::hardBlock(const QString& code, const QString& message, const QString& fix)
{
    return makeFinding(Diagnostic::of(Severity::Error, code, message, fix), Blocking::Always);
}

PackageFinding& PackageFinding::about(const QString& subject)
{
    diagnostic.about(subject);
    return *this;
}

PackageFinding& PackageFinding::offering(FixAction::Kind kind, const QString& argument)
{
    diagnostic.offering(kind, argument);
    return *this;
}

QJsonObject PackageFinding::toJson() const
{
    QJsonObject json = diagnostic.toJson();
    static const char* const names[] = {"no", "overridable", "always"};
    json.insert(QStringLiteral("blocking"), QLatin1String(names[int(blocking)]));
    if (overridden)
        json.insert(QStringLiteral("overridden"), true);
    return json;
}

Diagnostics diagnosticsOf(const PackageFindings& findings)
{
    Diagnostics diagnostics;
    for (const PackageFinding& finding : findings)
        diagnostics.append(finding.diagnostic);
    return diagnostics;
}

bool containsCode(const PackageFindings& findings, const QString& code)
{
    return std::any_of(
        findings.cbegin(), findings.cend(), [&](const PackageFinding& f) { return f.diagnostic.code == code; });
}

QJsonArray findingsToJson(const PackageFindings& findings)
{
    QJsonArray array;
    for (const PackageFinding& finding : findings)
        array.append(finding.toJson());
    return array;
}
