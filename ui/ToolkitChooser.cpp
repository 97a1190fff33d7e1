#include "ToolkitChooser.h"

#include "BackgroundWork.h"
#include "WizardState.h"
#include "engine/Engine.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <algorithm>

ToolkitChooser::ToolkitChooser(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent)
    : QWidget(parent)
    , m_engine(engine)
    , m_state(state)
    , m_work(work)
    , m_list(new QComboBox(this))
    , m_browse(new QPushButton(tr("&Browse…"), this))
    , m_note(new QLabel(this))
{
    m_list->setObjectName(QStringLiteral("targetToolkit"));
    m_list->setAccessibleName(tr("Toolkit to install into"));
    m_list->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_list->setMinimumContentsLength(30);
    m_browse->setObjectName(QStringLiteral("browseToolkit"));
    m_browse->setToolTip(tr("A CUDA toolkit folder that is not in the list"));
    m_note->setObjectName(QStringLiteral("toolkitNote"));
    m_note->setWordWrap(true);
    m_note->hide();
    connect(m_list, QOverload<int>::of(&QComboBox::activated), this, [this](int index) {
        const QString root = m_list->itemData(index).toString();
        m_state.setPreferredToolkit(root);
        emit chosen(root);
    });
    connect(m_list, QOverload<int>::of(&QComboBox::currentIndexChanged), this, [this](int index) {
        m_list->setToolTip(m_list->itemData(index, Qt::ToolTipRole).toString()); // the whole of a cut choice
    });
    connect(m_browse, &QPushButton::clicked, this, &ToolkitChooser::browse);
    // Chosen on another page (the System page's list): every list shows the person's choice from then on.
    connect(&m_state, &WizardState::preferredToolkitChanged, this, [this] {
        if (currentRoot() != QFileInfo(m_state.preferredToolkit()).canonicalFilePath())
            refresh();
    });

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(tr("Install into:"), this);
    label->setBuddy(m_list);
    layout->addWidget(label, 0, 0);
    layout->addWidget(m_list, 0, 1);
    layout->addWidget(m_browse, 0, 2);
    layout->addWidget(m_note, 1, 1, 1, 2);
    layout->setColumnStretch(1, 1);
}

QString ToolkitChooser::currentRoot() const
{
    return m_list->currentData().toString();
}

QStringList ToolkitChooser::extraRoots() const
{
    QStringList roots = m_browsed;
    if (!m_state.preferredToolkit().isEmpty() && !roots.contains(m_state.preferredToolkit()))
        roots.prepend(m_state.preferredToolkit());
    return roots;
}

void ToolkitChooser::setNote(const QString& note)
{
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
}

void ToolkitChooser::showList()
{
    m_list->setFocus();
    m_list->showPopup();
}

void ToolkitChooser::refresh(const QString& selected)
{
    m_list->clear();
    if (!m_state.snapshot())
        return;
    const SystemSnapshot& s = *m_state.snapshot();
    const QString preferred = QFileInfo(m_state.preferredToolkit()).canonicalFilePath();
    int select = -1;
    for (const CudaToolkit& t : s.toolkits) {
        const QString version = t.version ? tr("CUDA %1").arg(t.version->toString()) : tr("CUDA, version unknown");
        // Version and "active" first: a narrow window cuts the path's end, never what tells the toolkits apart.
        const QString name = t.active ? version + QLatin1Char(' ') + tr("(active)") : version;
        const QString text = QStringLiteral("%1 — %2").arg(name, displayPath(s.os, t.root));
        m_list->addItem(text, t.root);
        m_list->setItemData(m_list->count() - 1, text, Qt::ToolTipRole);
        if (!preferred.isEmpty() ? t.root == preferred : !selected.isEmpty() ? t.root == selected : t.active)
            select = m_list->count() - 1;
    }
    m_list->setCurrentIndex(select >= 0 ? select : 0);
}

void ToolkitChooser::browse()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Choose a CUDA toolkit folder"), currentRoot());
    if (!folder.isEmpty())
        browseTo(folder);
}

void ToolkitChooser::browseTo(const QString& folder)
{
    if (m_busy || folder.trimmed().isEmpty())
        return;
    m_busy = true;
    m_browse->setEnabled(false);
    setNote(tr("Looking at %1…").arg(QDir::toNativeSeparators(folder)));
    emit busyChanged();
    DetectOptions options;
    options.cudaRoots = extraRoots();
    options.cudaRoots.append(folder);
    const Engine* engine = &m_engine;
    m_work.run<SystemSnapshot>(
        this,
        [engine, options] { return engine->detect(options); },
        [this, folder](const SystemSnapshot& snapshot) {
            m_busy = false;
            m_browse->setEnabled(true);
            const QString root = QFileInfo(folder).canonicalFilePath();
            const bool found = !root.isEmpty()
                && std::any_of(snapshot.toolkits.begin(), snapshot.toolkits.end(), [&](const CudaToolkit& t) {
                       return t.root == root;
                   });
            if (!found) {
                setNote(tr("%1 is not a CUDA toolkit: it has no bin/nvcc, include/cuda.h or "
                           "version file.")
                            .arg(QDir::toNativeSeparators(folder)));
                emit busyChanged();
                return;
            }
            setNote({});
            m_browsed.append(root);
            m_state.setSnapshot(snapshot);
            m_state.setPreferredToolkit(root);
            refresh();
            emit busyChanged();
            emit chosen(root);
        });
}
