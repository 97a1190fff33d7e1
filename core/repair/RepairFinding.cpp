#include "RepairFinding.h"

#include "report/CauseGrouping.h"

#include <QJsonArray>
#include <QSet>
#include <algorithm>

QString RepairFix::kindName(Kind kind)
{
    switch (kind) {
    case Kind::RestoreFile:
        return QStringLiteral("restore_file");
    case Kind::RebuildLink:
        return QStringLiteral("rebuild_link");
    case Kind::FixPermissions:
        return QStringLiteral("fix_permissions");
    case Kind::Environment:
        return QStringLiteral("environment");
    case Kind::LoaderCache:
        return QStringLiteral("loader_cache");
    }
    return {};
}

QJsonObject RepairFix::toJson() const
{
    QJsonObject json{
        {QStringLiteral("kind"), kindName(kind)}, {QStringLiteral("root"), root}, {QStringLiteral("path"), path}};
    if (kind == Kind::RebuildLink)
        json.insert(QStringLiteral("link_target"), expected.linkTarget);
    if (kind == Kind::RestoreFile || kind == Kind::FixPermissions) {
        json.insert(QStringLiteral("sha256"), expected.sha256);
        json.insert(QStringLiteral("size"), expected.size);
        json.insert(QStringLiteral("mode"), QString::number(expected.mode, 8));
    }
    if (kind == Kind::RestoreFile)
        json.insert(QStringLiteral("package"), package.value(QStringLiteral("file")));
    return json;
}

QString RepairFinding::remedyName(Remedy remedy)
{
    switch (remedy) {
    case Remedy::Automatic:
        return QStringLiteral("automatic");
    case Remedy::NeedsElevation:
        return QStringLiteral("needs_elevation");
    case Remedy::Manual:
        return QStringLiteral("manual");
    case Remedy::None:
        return QStringLiteral("none");
    }
    return {};
}

QJsonObject RepairFinding::toJson() const
{
    QJsonObject json = diagnostic.toJson();
    json.insert(QStringLiteral("remedy"), remedyName(remedy));
    if (!root.isEmpty())
        json.insert(QStringLiteral("root"), root);
    QJsonArray fixList;
    for (const RepairFix& fix : fixes)
        fixList.append(fix.toJson());
    if (!fixList.isEmpty())
        json.insert(QStringLiteral("fixes"), fixList);
    if (!manualStep.isEmpty())
        json.insert(QStringLiteral("manual_step"), manualStep);
    if (!manualAction.isNone())
        json.insert(QStringLiteral("manual_action"), actionToJson(manualAction));
    return json;
}

bool RepairFinding::sameCause(const RepairFinding& a, const RepairFinding& b)
{
    return CauseGrouping::sameCause(a.diagnostic, b.diagnostic) && a.remedy == b.remedy && a.root == b.root
        && a.manualStep == b.manualStep && a.manualAction == b.manualAction;
}

void RepairScan::groupByCause()
{
    RepairFindings grouped;
    for (const RepairFindings& members : CauseGrouping::partition(findings, &RepairFinding::sameCause)) {
        RepairFinding one = members.first();
        Diagnostics diagnostics;
        for (const RepairFinding& member : members) {
            diagnostics.append(member.diagnostic);
            for (const RepairFix& fix : member.fixes) {
                const bool known = std::any_of(one.fixes.cbegin(), one.fixes.cend(), [&](const RepairFix& f) {
                    return f.kind == fix.kind && f.path == fix.path && f.root == fix.root;
                });
                if (!known)
                    one.fixes.append(fix);
            }
        }
        one.diagnostic = CauseGrouping::merged(diagnostics);
        grouped.append(one);
    }
    findings = grouped;
}

bool RepairScan::isClean() const
{
    return std::none_of(findings.cbegin(), findings.cend(), [](const RepairFinding& f) { return f.isProblem(); });
}

QList<RepairFix> RepairScan::automaticFixes() const
{
    QList<RepairFix> fixes;
    QSet<QString> seen;
    for (const RepairFinding& finding : findings) {
        if (finding.remedy != RepairFinding::Remedy::Automatic)
            continue;
        for (const RepairFix& fix : finding.fixes) {
            const QString key = RepairFix::kindName(fix.kind) + QLatin1Char(' ') + fix.path;
            if (seen.contains(key))
                continue;
            seen.insert(key);
            fixes.append(fix);
        }
    }
    return fixes;
}

int RepairScan::count(RepairFinding::Remedy remedy) const
{
    return int(std::count_if(findings.cbegin(), findings.cend(), [remedy](const RepairFinding& f) {
        return f.remedy == remedy && f.isProblem();
    }));
}

QJsonArray RepairScan::toJson() const
{
    QJsonArray list;
    for (const RepairFinding& finding : findings)
        list.append(finding.toJson());
    return list;
}
