#include "EngineInternals.h"
#include "frameworks/FrameworkFacts.h"
#include "package/PackagePicker.h"
#include "repair/FrameworkConfirmation.h"
#include "repair/PythonConsumers.h"

FrameworkVerdicts Engine::frameworksAfter(const PackageChoice& choice, const SystemSnapshot& system)
{
    const PackageCandidate* chosen = choice.chosen();
    if (!chosen || !chosen->inspection.cudnnVersion || choice.toolkitRoot.isEmpty())
        return system.frameworks;
    return FrameworkFacts::judgeWith(system, choice.toolkitRoot, *chosen->inspection.cudnnVersion);
}

FrameworkVerdicts Engine::confirmFrameworks(FrameworkVerdicts verdicts) const
{
    QList<PythonConsumer> consumers;
    QStringList asked;
    for (const FrameworkVerdict& verdict : verdicts) {
        const QString interpreter = FrameworkConfirmation::interpreterOf(verdict.subject.environment, m_host->os);
        if (interpreter.isEmpty() || asked.contains(interpreter))
            continue;
        asked.append(interpreter);
        consumers.append(PythonConsumers::ask(*m_runner, m_host->os, interpreter));
    }
    FrameworkConfirmation::confirm(verdicts, consumers);
    return verdicts;
}
