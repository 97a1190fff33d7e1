#include "EnvironmentChange.h"

#include <QDateTime>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

EnvironmentChange::EnvironmentChange(OsFlavor os, EnvironmentScope scope, EnvironmentLocations locations)
    : m_os(os)
    , m_scope(scope)
    , m_locations(std::move(locations))
{
}

EnvironmentChange::EnvironmentChange(const EnvironmentPlan& plan, EnvironmentLocations locations)
    : EnvironmentChange(plan.os, plan.scope, std::move(locations))
{
    m_steps = plan.steps;
    m_performed = QList<bool>(m_steps.size(), false);
}

bool EnvironmentChange::isPerformed() const
{
    return m_performed.contains(true);
}

bool EnvironmentChange::writeBackup()
{
    const QString directory = m_locations.backupDirectory(m_scope);
    if (directory.isEmpty())
        return true;
    const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    const QString path
        = QDir(directory).filePath(QStringLiteral("environment-%1-%2.json").arg(scopeName(m_scope), stamp));
    QSaveFile file(path);
    if (!QDir().mkpath(directory) || !file.open(QIODevice::WriteOnly)
        || file.write(QJsonDocument(toJson()).toJson()) < 0 || !file.commit()) {
        m_error = tr("Cannot keep a backup of the environment in %1; nothing was changed.").arg(directory);
        return false;
    }
    m_backupFile = path;
    return true;
}

bool EnvironmentChange::runEffects(int effects)
{
    if (effects & EnvironmentStep::RegistryChanged) {
        QString error;
        if (!m_locations.store || !m_locations.store->broadcastChange(&error))
            m_notes.append(tr("Windows did not confirm the environment change (%1); sign out and in if new programs "
                              "still see the old PATH.")
                               .arg(error));
    }
    if (effects & EnvironmentStep::LoaderConfigChanged) {
        QString program = m_locations.host.ldconfigProgram;
        if (program.isEmpty())
            program = QStringLiteral("ldconfig");
        QStringList arguments;
        if (!m_locations.systemRoot.isReal())
            arguments << QStringLiteral("-r") << m_locations.systemRoot.prefix();
        const ProcessResult result
            = m_locations.runner ? m_locations.runner->run(program, arguments, LdconfigTimeoutMs) : ProcessResult{};
        if (!result.succeeded()) {
            m_error = tr("ldconfig failed, so the loader cache was not rebuilt: %1")
                          .arg(result.errorString.isEmpty() ? QString::fromLocal8Bit(result.standardError).trimmed()
                                                            : result.errorString);
            return false;
        }
    }
    return true;
}

bool EnvironmentChange::undoFrom(qsizetype index)
{
    bool ok = true;
    int effects = EnvironmentStep::NoEffect;
    for (qsizetype i = index; i >= 0; --i) {
        if (!m_performed.at(i) && !m_steps.at(i)->holdsAfter(m_locations.store.get()))
            continue;
        const StepOutcome outcome = m_steps.at(i)->undo(m_locations.store.get());
        if (!outcome.message.isEmpty())
            m_notes.append(outcome.message);
        if (!outcome.ok) {
            ok = false;
            continue; // keep it marked: a later undo may succeed
        }
        m_performed[i] = false;
        if (outcome.changed)
            effects |= m_steps.at(i)->effects();
    }
    return runEffects(effects) && ok;
}

bool EnvironmentChange::perform()
{
    m_error.clear();
    if (m_steps.isEmpty())
        return true;
    if (!writeBackup())
        return false;
    int effects = EnvironmentStep::NoEffect;
    for (qsizetype i = 0; i < m_steps.size(); ++i) {
        const StepOutcome outcome = m_steps.at(i)->perform(m_locations.store.get());
        if (!outcome.ok) {
            m_error = outcome.message;
            undoFrom(i - 1);
            return false;
        }
        m_performed[i] = outcome.changed;
        if (outcome.changed)
            effects |= m_steps.at(i)->effects();
    }
    if (!runEffects(effects)) {
        const QString error = m_error;
        undoFrom(m_steps.size() - 1);
        m_error = error;
        return false;
    }
    if (effects != EnvironmentStep::NoEffect)
        m_notes.append(m_os == OsFlavor::Windows
                           ? tr("Restart open terminals and IDEs: only programs started from now on see the change.")
                           : tr("Open a new login shell (or sign out and in): running shells keep the old "
                                "environment."));
    return true;
}

bool EnvironmentChange::undo()
{
    m_error.clear();
    const bool ok = undoFrom(m_steps.size() - 1);
    if (!ok && m_error.isEmpty())
        m_error = tr("Some environment changes could not be taken back: %1").arg(m_notes.join(QLatin1Char(' ')));
    return ok;
}

QJsonObject EnvironmentChange::toJson() const
{
    QJsonArray steps;
    for (qsizetype i = 0; i < m_steps.size(); ++i) {
        QJsonObject step = m_steps.at(i)->toJson();
        step.insert(QStringLiteral("performed"), m_performed.at(i));
        steps.append(step);
    }
    return {{QStringLiteral("operation"), name()},
            {QStringLiteral("os"), osFlavorName(m_os)},
            {QStringLiteral("scope"), scopeName(m_scope)},
            {QStringLiteral("backup"), m_backupFile},
            {QStringLiteral("steps"), steps}};
}

std::unique_ptr<EnvironmentChange>
EnvironmentChange::fromJson(const QJsonObject& json, EnvironmentLocations locations, QString* error)
{
    const auto scope = scopeFromName(json.value(QStringLiteral("scope")).toString());
    if (json.value(QStringLiteral("operation")).toString() != QLatin1String("environment") || !scope) {
        if (error)
            *error = tr("Not an environment change.");
        return nullptr;
    }
    const OsFlavor os
        = json.value(QStringLiteral("os")).toString() == QLatin1String("windows") ? OsFlavor::Windows : OsFlavor::Linux;
    std::unique_ptr<EnvironmentChange> change(new EnvironmentChange(os, *scope, std::move(locations)));
    change->m_backupFile = json.value(QStringLiteral("backup")).toString();
    for (const QJsonValue& value : json.value(QStringLiteral("steps")).toArray()) {
        const auto step = EnvironmentStep::fromJson(value.toObject(), error);
        if (!step) {
            if (error && error->isEmpty())
                *error = tr("An environment step in the manifest is incomplete.");
            return nullptr;
        }
        change->m_steps.append(step);
        change->m_performed.append(value.toObject().value(QStringLiteral("performed")).toBool());
    }
    return change;
}
