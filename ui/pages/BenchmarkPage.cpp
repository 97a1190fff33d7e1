#include "BenchmarkPage.h"

#include "BackgroundWork.h"
#include "BenchmarkChart.h"
#include "DiagnosticList.h"
#include "WizardRemedy.h"
#include "engine/Engine.h"

#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

BenchmarkPage::BenchmarkPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent)
    : QWizardPage(parent)
    , m_engine(engine)
    , m_state(state)
    , m_work(work)
    , m_verdict(new QLabel(this))
    , m_busyBar(new QProgressBar(this))
    , m_chart(new BenchmarkChart(this))
    , m_again(new QPushButton(tr("Run &again"), this))
{
    setTitle(tr("Benchmark"));
    setSubTitle(tr("A small test model runs on your GPU through cuDNN, and the same work on the CPU."));
    // What the numbers mean goes in the page, where it wraps; the header has room for one line.
    auto* scale = new QLabel(tr("Two 3×3 convolutions on a 224×224 image. Well under 20 ms on an RTX 3060 Ti means "
                                "cuDNN is used; 150 ms or more means it is not."),
                             this);
    scale->setObjectName(QStringLiteral("benchmarkScale"));
    scale->setWordWrap(true);
    m_verdict->setObjectName(QStringLiteral("benchmarkVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::RichText);
    m_busyBar->setRange(0, 0);
    m_busyBar->hide();
    m_again->setObjectName(QStringLiteral("runBenchmark"));
    connect(m_again, &QPushButton::clicked, this, &BenchmarkPage::runBenchmark);

    auto* top = new QHBoxLayout;
    top->addWidget(m_verdict, 1);
    top->addWidget(m_again);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(scale);
    layout->addLayout(top);
    layout->addWidget(m_busyBar);
    layout->addWidget(m_chart, 1);
}

void BenchmarkPage::initializePage()
{
    if (m_state.benchmark())
        showResult(*m_state.benchmark());
    else
        runBenchmark();
}

bool BenchmarkPage::isComplete() const
{
    return !m_busy && m_state.benchmark().has_value();
}

void BenchmarkPage::runBenchmark()
{
    m_busy = true;
    m_again->setEnabled(false);
    m_busyBar->show();
    m_verdict->setText(tr("Running convolutions on the GPU and on the CPU… this takes up to a few minutes."));
    emit completeChanged();
    const Engine* engine = &m_engine;
    m_work.run<BenchmarkResult>(
        this,
        [engine, root = m_state.targetToolkit(), quick = m_quick] { return engine->benchmark(root, quick); },
        [this](const BenchmarkResult& result) {
            m_busy = false;
            m_state.setBenchmark(result);
            showResult(result);
            emit completeChanged();
        });
}

void BenchmarkPage::showResult(const BenchmarkResult& result)
{
    m_busyBar->hide();
    m_again->setEnabled(true);
    const Diagnostic verdict = result.diagnostic();
    const QString color = verdict.severity == Severity::Info ? QStringLiteral("#2e7d32")
        : verdict.severity == Severity::Warning              ? QStringLiteral("#b26a00")
                                                             : QStringLiteral("#c62828");
    QString text
        = QStringLiteral("<span style='color:%1'><b>%2</b></span>").arg(color, verdict.message.toHtmlEscaped());
    if (const QString fix = WizardRemedy::fix(verdict); !fix.isEmpty())
        text += QStringLiteral("<br>") + tr("Fix: %1").arg(fix.toHtmlEscaped());
    if (!result.verdictMessage.isEmpty() && result.verdictMessage != verdict.message)
        text += QStringLiteral("<br><small>%1</small>")
                    .arg(tr("Details from the test program, in its own words: %1")
                             .arg(result.verdictMessage.toHtmlEscaped()));
    m_verdict->setText(text);
    m_chart->setResult(result);
    m_chart->setVisible(m_chart->caseCount() > 0); // an empty chart says nothing the verdict does not
}
