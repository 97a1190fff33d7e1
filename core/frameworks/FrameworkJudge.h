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
    /** The build this installation is: the table's row for its variant, its own stated facts over it (build file,
     *  then METADATA), and for a package the table does not know, only those; nullopt when its cuDNN stays unknown.
     *  Fills the verdict's built_with values and where each came from. */
    std::optional<FrameworkTable::Build> resolveBuild(FrameworkVerdict& verdict) const;
    void judgeCudnn(FrameworkVerdict& verdict, const FrameworkTable::Build& build, const MachineFacts& m) const;
    /** A build the driver cannot run: the finding, with the driver it needs and the same release built for a CUDA
     *  this driver runs; nullopt when it runs or the driver is not known. */
    std::optional<Diagnostic>
    judgeDriver(const FrameworkVerdict& verdict, const Version& cuda, const MachineFacts& machine) const;
    static const CudnnCopyFact* ownCopyOf(const FrameworkSubject& subject, int major);
    /** False when the installed METADATA's cuDNN specifier excludes that version (unknown versions pass). */
    static bool withinDeclaredRange(const FrameworkSubject& subject, const std::optional<Version>& cudnn);
    /** "<env>/bin/python -m pip install ...": the environment's own interpreter runs pip. */
    static QString pipCommand(const FrameworkSubject& subject, OsFlavor os, const QString& arguments);
    void judgeSearchPath(FrameworkVerdict& verdict, const FrameworkTable::Build& build, const MachineFacts& m) const;
    void judgeMachine(FrameworkVerdict& verdict, const FrameworkTable::Build& build, const MachineFacts& m) const;
    void markConflicts(FrameworkVerdicts& verdicts) const;
    QString who(const FrameworkSubject& subject) const;
    /** "onnxruntime-gpu>=1.19" or "torch<=2.3.1": the nearest version whose build has that cuDNN major. */
    QString requirementWithMajor(const FrameworkSubject& subject, int major) const;

    const FrameworkTable& m_table;
};
