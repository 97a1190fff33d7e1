#pragma once

#include "FrameworkTable.h"
#include "detect/FrameworkVerdict.h"

#include <QCoreApplication>

/**
 * The verdict for one framework in one environment, predicted from the data alone (no Python runs): the table
 * says how the build was made and where it looks; the environment's own copies and the machine's search order say
 * what it finds; the load rule, the driver and the GPUs say whether that fits.
 */
class FrameworkJudge
{
    Q_DECLARE_TR_FUNCTIONS(FrameworkJudge)

public:
    explicit FrameworkJudge(const FrameworkTable& table = FrameworkTable::builtIn());

    FrameworkVerdict judge(const FrameworkSubject& subject, const MachineFacts& machine) const;
    /** Every subject judged, then the environments whose frameworks need different cuDNN majors marked. */
    FrameworkVerdicts judgeAll(const QList<FrameworkSubject>& subjects, const MachineFacts& machine) const;
    /** True when a framework built with built accepts runtime under its rule. */
    static bool accepts(FrameworkTable::LoadRule rule, const Version& built, const Version& runtime);

private:
    void judgeSearchPath(FrameworkVerdict& verdict, const FrameworkTable::Build& build, const MachineFacts& m) const;
    void judgeMachine(FrameworkVerdict& verdict, const FrameworkTable::Build& build, const MachineFacts& m) const;
    void markConflicts(FrameworkVerdicts& verdicts) const;
    QString who(const FrameworkSubject& subject) const;
    /** "onnxruntime-gpu>=1.19" or "torch<=2.3.1": the nearest version whose build has that cuDNN major. */
    QString requirementWithMajor(const FrameworkSubject& subject, int major) const;

    const FrameworkTable& m_table;
};
