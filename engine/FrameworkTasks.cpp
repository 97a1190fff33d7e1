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
        const ProcessResult result = m_runner->run(
            interpreter, {QStringLiteral("-c"), PythonConsumers::probeScript()}, PythonConsumers::TimeoutMs);
        consumers.append(PythonConsumers::parse(interpreter, result));
    }
    FrameworkConfirmation::confirm(verdicts, consumers);
    return verdicts;
}
