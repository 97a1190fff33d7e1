#include "EnvironmentPage.h"

#include "AllRowsHeight.h"
#include "BackgroundWork.h"
#include "CommandBox.h"
#include "CopyWinnersList.h"
#include "DetailsDisclosure.h"
#include "DiagnosticList.h"
#include "ScrollingColumn.h"
#include "engine/Engine.h"

#include <QButtonGroup>
#include <QFontDatabase>
#include <QFontMetricsF>
#include <QLabel>
#include <QPlainTextEdit>
#include <QRadioButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

EnvironmentPage::EnvironmentPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent)
    : QWizardPage(parent)
    , m_engine(engine)
    , m_state(state)
    , m_work(work)
    , m_scope(new QButtonGroup(this))
    , m_summary(new QLabel(this))
    , m_conflicts(new DiagnosticList(this))
    , m_diff(new QPlainTextEdit(this))
    , m_copies(new CopyWinnersList(this))
    , m_notes(new QLabel(this))
    , m_rights(new QLabel(this))
    , m_command(new CommandBox(this))
{
    setTitle(tr("Search path"));
    setSubTitle(tr("Which copy of each library a new program will load, and what changes so the new one wins. "
                   "Install makes these changes together with the files."));
    setCommitPage(true); // its Next button installs

    auto* user
        = new QRadioButton(hostOsFlavor() == OsFlavor::Windows ? tr("Fix it for &me (my user Path)")
                                                               : tr("Fix it for &me (user PATH / login profile)"),
                           this);
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
    m_diff->setLineWrapMode(QPlainTextEdit::NoWrap); // a diff's lines are its units; a long path scrolls sideways
    m_diff->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // as tall as its lines: the page scrolls instead
    m_diff->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_notes->setObjectName(QStringLiteral("environmentNotes"));
    m_notes->setWordWrap(true);
    auto* details = new QWidget(this);
    auto* detailsLayout = new QVBoxLayout(details);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    detailsLayout->addWidget(m_notes);
    detailsLayout->addWidget(m_copies);
    detailsLayout->addWidget(m_diff);
    // The page scrolls as a whole; its lists and the diff are as tall as what they hold, so on a small window none
    // shows three lines of many behind a scroll bar of its own.
    new AllRowsHeight(m_conflicts);
    new AllRowsHeight(m_copies);

    // The choice and the findings scroll; the administrator block (what Install will do, and the whole command)
    // stays in view below them: with it the page is taller than the smallest window, and it is what matters next.
    QScrollArea* scroll = scrollingColumn(
        QStringLiteral("environmentScroll"),
        {user, machine, none, m_summary, m_conflicts, new DetailsDisclosure(details, this)}, // details on demand
        this);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll, 1);
    m_rights->setObjectName(QStringLiteral("environmentRights"));
    m_rights->setWordWrap(true);
    m_rights->setTextFormat(Qt::RichText);
    m_rights->hide();
    m_command->setObjectName(QStringLiteral("environmentCommand"));
    outer->addWidget(m_rights);
    outer->addWidget(m_command);
}

void EnvironmentPage::showDiff(const QString& text)
{
    m_diff->setPlainText(text);
    // One line more than it holds: QPlainTextEdit scrolls as soon as its last line touches the bottom margin.
    const int lines = std::max(1, m_diff->document()->blockCount()) + 1;
    const qreal textHeight = std::ceil(lines * QFontMetricsF(m_diff->font()).lineSpacing());
    const int margins = 2 * (m_diff->frameWidth() + int(std::ceil(m_diff->document()->documentMargin())));
    m_diff->setFixedHeight(int(textHeight) + margins + m_diff->horizontalScrollBar()->sizeHint().height());
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
    struct Planned
    {
        EnvironmentOutcome outcome;
        std::optional<QString> privilegedCommand;
        bool canAsk = true;
    };
    m_work.run<Planned>(
        this,
        [&engine, system = *system, choice = *choice, scope = m_state.pathScope()] {
            return Planned{engine.planEnvironment(choice, system, scope),
                           engine.privilegedCommand(choice, system, scope),
                           engine.canAskForRights()};
        },
        [this](const Planned& planned) {
            m_busy = false;
            if (planned.outcome.analysis) {
                m_state.setEnvironmentReport(*planned.outcome.analysis);
                showReport(*planned.outcome.analysis);
            }
            showRights(planned.privilegedCommand, planned.canAsk);
            emit completeChanged();
        });
}

void EnvironmentPage::showRights(const std::optional<QString>& command, bool canAsk)
{
    m_rights->setVisible(command.has_value());
    m_command->setCommand(command.value_or(QString()));
    if (!command)
        return;
    const std::optional<PackageChoice>& choice = m_state.packageChoice();
    const QString toolkit = displayPath(hostOsFlavor(), choice ? choice->toolkitRoot : QString()).toHtmlEscaped();
    // Said before Install as it will happen: asked once, or (nothing here can ask) the command is the way.
    m_rights->setText(canAsk ? tr("<b>Install needs administrator rights</b> to write into %1: it asks for them "
                                  "once, for that step only. If you prefer, run this command in a terminal first; "
                                  "Install then does the rest.")
                                   .arg(toolkit)
                             : tr("<b>Install needs administrator rights</b> to write into %1, and nothing on this "
                                  "computer can ask for them (pkexec is missing). Run this command in a terminal "
                                  "first; Install then does the rest.")
                                   .arg(toolkit));
}

namespace {
/** How many libraries (and tools) a new program takes from another copy, or finds nowhere. */
int elsewhere(const EnvironmentReport& report, bool afterPlan)
{
    const QStringList ours = report.libraryDirs + report.toolDirs;
    return int(std::count_if(report.libraries.cbegin(), report.libraries.cend(), [&](const LibraryStatus& status) {
        return !(afterPlan ? status.after : status.before).wonFrom(report.os, ours);
    }));
}
} // namespace

void EnvironmentPage::showReport(const EnvironmentReport& report)
{
    m_conflicts->setDiagnostics(report.diagnostics);
    m_copies->showReport(report);
    // The analysis words the restart advice for this platform and scope, last among its notes: it is said once,
    // in the summary; the other notes are details.
    QStringList notes = report.notes;
    const QString restart = report.restartNeeded() && !notes.isEmpty() ? notes.takeLast() : QString();
    m_notes->setText(notes.join(QLatin1Char('\n')));
    const int now = elsewhere(report, false);
    const int after = elsewhere(report, true);
    if (m_state.pathScope() == PathScope::None) {
        m_summary->setText(now == 0 ? tr("A new program already loads every library from this toolkit.")
                                    : tr("The search path stays as it is: a new program would take %n of the "
                                         "libraries from another copy, or find none.",
                                         nullptr,
                                         now));
        showDiff({});
        return;
    }
    showDiff(report.plan.isEmpty() ? tr("Nothing needs to change.") : report.plan.diffText());
    QString text;
    if (report.plan.isEmpty() && after == 0)
        text = tr("A new program already loads every library from this toolkit; nothing needs to change.");
    else if (after == 0)
        text = tr("After the install, a new program loads every library from this toolkit (now it would take %n "
                  "of them from another copy, or find none).",
                  nullptr,
                  now);
    else
        text = tr("After the install, a new program still takes %n of the libraries from another copy, or finds "
                  "none; the problems below say why and what to do.",
                  nullptr,
                  after);
    if (!restart.isEmpty())
        text += QLatin1Char(' ') + restart;
    m_summary->setText(text);
}
