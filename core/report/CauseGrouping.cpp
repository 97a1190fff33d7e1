#include "CauseGrouping.h"

#include "DiagnosisRegistry.h"

bool CauseGrouping::sameCause(const Diagnostic& a, const Diagnostic& b)
{
    if (a.code != b.code || a.cause.isEmpty() || a.cause != b.cause || a.fix != b.fix || !(a.action == b.action))
        return false;
    const Diagnosis* row = DiagnosisRegistry::instance().find(a.code);
    return row && row->groupsByCause;
}

Diagnostic CauseGrouping::merged(const Diagnostics& members)
{
    if (members.isEmpty())
        return {};
    Diagnostic one = members.first();
    if (members.size() == 1)
        return one;
    one.message = one.cause;
    one.severity = worstSeverity(members);
    QStringList subjects;
    for (const Diagnostic& member : members) {
        for (const QString& subject : member.affected()) {
            if (!subjects.contains(subject))
                subjects.append(subject);
        }
    }
    one.subject.clear();
    one.subjects = subjects;
    return one;
}

Diagnostics CauseGrouping::grouped(const Diagnostics& diagnostics)
{
    Diagnostics one;
    for (const Diagnostics& members : partition(diagnostics, &CauseGrouping::sameCause))
        one.append(merged(members));
    return one;
}
