#include "EnvironmentPage.h"

#include "BackgroundWork.h"
#include "DiagnosticList.h"
#include "engine/Engine.h"

#include <QButtonGroup>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QRadioButton>
#include <QVBoxLayout>

EnvironmentPage::EnvironmentPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent)
    : QWizardPage(parent)
    , m_engine(engine)
    , m_state(state)
    , m_work(work)
    , m_scope(new QButtonGroup(this))
    , m_summary(new QLabel(this))
    , m_conflicts(new DiagnosticList(this))
    , m_diff(new QPlainTextEdit(this))
{
    setTitle(tr("Search path"));
    setSubTitle(tr("Which copy of each library a new program will load, and what changes so the new one wins. "
                   "Install makes these changes together with the files."));
    setCommitPage(true); // its Next button installs

    auto* user = new QRadioButton(tr("Fix it for &me (user PATH / login profile)"), this);
    auto* machine = new QRadioButton(tr("Fix it for &all users (needs administrator rights)"), this);
    auto* none = new QRadioButton(tr("&Leave the search path alone"), this);
    user->setObjectName(QStringLiteral("scopeUser"));
    machine->setObjectName(QStringLiteral("scopeMachine"));
    none->setObjectName(QStringLiteral("scopeNone"));
    m_scope->addButton(user, int(PathScope::User));
    m_scope->addButton(machine, int(PathScope::Machine));
    m_scope->addButton(none, int(PathScope::None));
    connect(m_scope, &QButtonGroup::idClicked, this, [this](int id) {
        m_state.setPathScope(PathScope(id));
        analyse();
    });

    m_summary->setObjectName(QStringLiteral("environmentSummary"));
    m_summary->setWordWrap(true);
    m_conflicts->setObjectName(QStringLiteral("environmentConflicts"));
    m_diff->setObjectName(QStringLiteral("environmentDiff"));
    m_diff->setAccessibleName(tr("Changes to the search path"));
    m_diff->setReadOnly(true);
    m_diff->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(user);
    layout->addWidget(machine);
    layout->addWidget(none);
    layout->addWidget(m_summary);
    layout->addWidget(m_conflicts, 1);
    layout->addWidget(m_diff, 1);
}

void EnvironmentPage::initializePage()
{
    if (QAbstractButton* button = m_scope->button(int(m_state.pathScope())))
        button->setChecked(true);
    analyse();
}

bool EnvironmentPage::isComplete() const
{
    return !m_busy;
}

void EnvironmentPage::analyse()
{
    const std::optional<SystemSnapshot>& system = m_state.snapshot();
    const std::optional<PackageChoice>& choice = m_state.packageChoice();
    if (!system || !choice || !Engine::environmentTarget(*choice, *system)) {
        m_summary->setText(tr("Choose a package and a toolkit first."));
        return;
    }
    m_busy = true;
    m_summary->setText(tr("Following the search order…"));
    emit completeChanged();
    const Engine& engine = m_engine;
    m_work.run<EnvironmentOutcome>(
        this,
        [&engine, system = *system, choice = *choice, scope = m_state.pathScope()] {
            return engine.planEnvironment(choice, system, scope);
        },
        [this](const EnvironmentOutcome& outcome) {
            m_busy = false;
            if (outcome.analysis) {
                m_state.setEnvironmentReport(*outcome.analysis);
                showReport(*outcome.analysis);
            }
            emit completeChanged();
        });
}

void EnvironmentPage::showReport(const EnvironmentReport& report)
{
    m_conflicts->setDiagnostics(report.diagnostics);
    if (m_state.pathScope() == PathScope::None) {
        m_summary->setText(tr("The search path stays as it is. Programs may keep loading the copies listed below."));
        m_diff->clear();
        return;
    }
    m_diff->setPlainText(report.plan.isEmpty() ? tr("Nothing needs to change.") : report.plan.diffText());
    QString text = report.plan.isEmpty() ? tr("The new cuDNN already wins the search; nothing needs to change.")
                                         : tr("These changes are made after the files are installed.");
    if (report.restartNeeded())
        text += QLatin1Char(' ') + tr("Open terminals, IDEs and Jupyter kernels must be restarted to see them.");
    for (const QString& note : report.notes)
        text += QStringLiteral("\n") + note;
    m_summary->setText(text);
}
