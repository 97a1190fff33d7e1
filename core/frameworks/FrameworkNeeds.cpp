#include "FrameworkNeeds.h"

#include "FrameworkJudge.h"

#include <QDir>

FrameworkNeeds FrameworkNeeds::of(const FrameworkVerdicts& verdicts, const FrameworkTable& table)
{
    FrameworkNeeds needs;
    needs.m_table = &table;
    for (const FrameworkVerdict& verdict : verdicts) {
        if (!verdict.fromSearchPath || !verdict.builtCudnn)
            continue;
        needs.m_needs.append({verdict.subject, table.ruleFor(verdict.subject.package), *verdict.builtCudnn});
    }
    return needs;
}

int FrameworkNeeds::served(const Version& cudnn) const
{
    int count = 0;
    for (const Need& need : m_needs)
        count += FrameworkJudge::accepts(need.rule, need.built, cudnn) ? 1 : 0;
    return count;
}

bool FrameworkNeeds::split() const
{
    for (const Need& need : m_needs) {
        if (need.built.major() != m_needs.first().built.major())
            return true;
    }
    return false;
}

QString FrameworkNeeds::whoNeeds(const Need& need) const
{
    const QString wants = need.rule == FrameworkTable::LoadRule::SameMajor
        ? tr("cuDNN %1.x").arg(need.built.major())
        : tr("cuDNN %1.%2 or a later %1.x").arg(need.built.major()).arg(need.built.minor());
    return tr("%1 %2 in %3 needs %4")
        .arg(
            need.subject.distribution, need.subject.version, QDir::toNativeSeparators(need.subject.environment), wants);
}

QString FrameworkNeeds::explain(const Version& chosen) const
{
    QStringList servedNames;
    QStringList left;
    QStringList resolutions;
    for (const Need& need : m_needs) {
        if (FrameworkJudge::accepts(need.rule, need.built, chosen)) {
            servedNames.append(QStringLiteral("%1 %2").arg(need.subject.distribution, need.subject.version));
            continue;
        }
        left.append(whoNeeds(need));
        const std::optional<Version> release = FrameworkTable::releaseOf(need.subject.version);
        const FrameworkTable::Build* other = release && m_table
            ? m_table->nearestWithCudnnMajor(need.subject.package, *release, chosen.major())
            : nullptr;
        if (other && need.built.major() != chosen.major())
            resolutions.append(tr("%1 %2 %3 (built with cuDNN %4)")
                                   .arg(need.subject.distribution,
                                        other->from > *release ? tr("from") : tr("up to"),
                                        other->from > *release ? other->from.toString() : other->to.toString(),
                                        other->cudnn.toString()));
    }
    if (left.isEmpty())
        return tr("cuDNN %1 serves every framework that loads cuDNN from this machine: %2.")
            .arg(chosen.toString(), servedNames.join(QStringLiteral(", ")));
    const QString resolve = resolutions.isEmpty()
        ? tr("keep them in a separate environment with their own cuDNN")
        : tr("%1, or a separate environment, resolves it").arg(resolutions.join(QStringLiteral("; ")));
    if (split())
        return tr("No single cuDNN serves them all: %1; cuDNN %2 serves %3; %4.")
            .arg(left.join(QStringLiteral("; ")),
                 chosen.toString(),
                 servedNames.isEmpty() ? tr("none of them") : servedNames.join(QStringLiteral(", ")),
                 resolve);
    return tr("cuDNN %1 does not serve every framework: %2; %3.")
        .arg(chosen.toString(), left.join(QStringLiteral("; ")), resolve);
}
