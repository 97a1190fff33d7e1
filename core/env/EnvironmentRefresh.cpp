#include "EnvironmentRefresh.h"

#include "env/EnvironmentStep.h"

#include <QJsonArray>

namespace {

const QString Broadcast = QStringLiteral("broadcast");
const QString Ldconfig = QStringLiteral("ldconfig");

} // namespace

EnvironmentRefresh::EnvironmentRefresh(int effects, When when, EnvironmentLocations locations)
    : m_effects(effects)
    , m_when(when)
    , m_locations(std::move(locations))
{
}

OperationPointer EnvironmentRefresh::fromJson(const QJsonObject& data, EnvironmentLocations locations, QString* error)
{
    int effects = EnvironmentStep::NoEffect;
    for (const QJsonValue& value : data.value(QStringLiteral("effects")).toArray()) {
        if (value.toString() == Broadcast)
            effects |= EnvironmentStep::RegistryChanged;
        else if (value.toString() == Ldconfig)
            effects |= EnvironmentStep::LoaderConfigChanged;
    }
    const QString when = data.value(QStringLiteral("when")).toString();
    if (when != QLatin1String("perform") && when != QLatin1String("undo")) {
        *error = tr("the environment refresh has no \"when\"");
        return nullptr;
    }
    return std::make_shared<EnvironmentRefresh>(
        effects, when == QLatin1String("undo") ? When::AfterUndo : When::AfterPerform, std::move(locations));
}

bool EnvironmentRefresh::perform()
{
    m_error.clear();
    m_note.clear();
    return m_when != When::AfterPerform || refresh();
}

bool EnvironmentRefresh::undo()
{
    m_error.clear();
    m_note.clear();
    if (m_when == When::AfterUndo && !refresh()) {
        m_note = m_error;
        m_error.clear();
    }
    return true;
}

bool EnvironmentRefresh::refresh()
{
    if (m_effects & EnvironmentStep::RegistryChanged) {
        QString error;
        if (!m_locations.store || !m_locations.store->broadcastChange(&error))
            m_note = tr("Windows did not confirm the environment change (%1); sign out and in if new programs still "
                        "see the old PATH.")
                         .arg(error);
    }
    if (m_effects & EnvironmentStep::LoaderConfigChanged) {
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

QString EnvironmentRefresh::description() const
{
    QStringList what;
    if (m_effects & EnvironmentStep::RegistryChanged)
        what.append(QStringLiteral("WM_SETTINGCHANGE"));
    if (m_effects & EnvironmentStep::LoaderConfigChanged)
        what.append(Ldconfig);
    return what.join(QStringLiteral(", "));
}

QJsonObject EnvironmentRefresh::toJson() const
{
    QJsonArray effects;
    if (m_effects & EnvironmentStep::RegistryChanged)
        effects.append(Broadcast);
    if (m_effects & EnvironmentStep::LoaderConfigChanged)
        effects.append(Ldconfig);
    return {{QStringLiteral("effects"), effects},
            {QStringLiteral("when"), m_when == When::AfterUndo ? QStringLiteral("undo") : QStringLiteral("perform")}};
}
