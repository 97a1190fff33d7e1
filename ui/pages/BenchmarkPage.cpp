#include "BenchmarkPage.h"

#include "BackgroundWork.h"
#include "BenchmarkChart.h"
#include "DiagnosticList.h"
#include "ProgressRelay.h"
#include "WizardRemedy.h"
#include "engine/Engine.h"

#include <QLabel>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

BenchmarkPage::BenchmarkPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent)
    : QWizardPage(parent)
    , m_engine(engine)
    , m_state(state)
    , m_work(work)
    , m_relay(new ProgressRelay(this))
    , m_verdict(new QLabel(this))
    , m_busyBar(new QProgressBar(this))
    , m_caseText(new QLabel(this))
    , m_chart(new BenchmarkChart(this))
    , m_again(new QPushButton(tr("Run &again"), this))
    , m_skip(new QPushButton(tr("&Skip"), this))
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
    m_busyBar->setObjectName(QStringLiteral("benchmarkProgress"));
    m_busyBar->setAccessibleName(tr("Benchmark progress"));
    m_busyBar->setTextVisible(false); // the line under it says which case, in words
    m_busyBar->hide();
    m_caseText->setObjectName(QStringLiteral("benchmarkCase"));
    m_caseText->setWordWrap(true);
    m_caseText->hide();
    m_again->setObjectName(QStringLiteral("runBenchmark"));
    m_skip->setObjectName(QStringLiteral("skipBenchmark"));
    m_skip->setToolTip(tr("Stop the benchmark now and keep the cases measured so far."));
    m_skip->hide();
    connect(m_again, &QPushButton::clicked, this, &BenchmarkPage::runBenchmark);
    connect(m_skip, &QPushButton::clicked, this, &BenchmarkPage::skipBenchmark);
    connect(m_relay, &ProgressRelay::progressed, this, &BenchmarkPage::showProgress);

    auto* top = new QHBoxLayout;
    top->addWidget(m_verdict, 1);
    top->addWidget(m_again);
    top->addWidget(m_skip);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(scale);
    layout->addLayout(top);
    layout->addWidget(m_busyBar);
    layout->addWidget(m_caseText);
    layout->addWidget(m_chart, 1);
    layout->addStretch(); // without a chart the verdict stays at the top
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
    const int run = ++m_run;
    m_again->setEnabled(false);
    m_again->hide();
    m_skip->show();
    m_skip->setEnabled(true);
    m_busyBar->setRange(0, 0); // until the test program says how many cases there are
    m_busyBar->show();
    m_caseText->setText(tr("Starting the test program…"));
    m_caseText->show();
    m_chart->setResult(BenchmarkResult{});
    m_chart->hide();
    m_verdict->setText(tr("Running convolutions on the GPU and on the CPU, one case after another. Skip stops it and "
                          "keeps what was measured."));
    emit completeChanged();

    BenchmarkRequest request;
    request.toolkitRoot = m_state.targetToolkit();
    request.quick = m_quick;
    request.budgetMs = m_budgetMs;
    request.stallMs = m_stallMs;
    const QPointer<BenchmarkPage> page(this);
    request.measured = [page, run](const BenchmarkResult& soFar) { // on the worker's thread
        QMetaObject::invokeMethod(
            page,
            [page, run, soFar] {
                if (page && page->m_busy && page->m_run == run) {
                    page->m_chart->setResult(soFar);
                    page->m_chart->setVisible(page->m_chart->caseCount() > 0);
                }
            },
            Qt::QueuedConnection);
    };
    m_cancellation = m_work.separateCancellation();
    const CancellationToken cancel = m_cancellation;
    ProgressRelay* relay = m_relay;
    const Engine* engine = &m_engine;
    m_work.run<BenchmarkResult>(
        this,
        [engine, request, relay, cancel] { return engine->benchmark(request, relay, cancel); },
        [this, run](const BenchmarkResult& result) {
            if (run != m_run)
                return;
            m_busy = false;
            m_state.setBenchmark(result);
            showResult(result);
            emit completeChanged();
        });
}

void BenchmarkPage::skipBenchmark()
{
    if (!m_busy)
        return;
    m_skip->setEnabled(false);
    m_caseText->setText(tr("Stopping…"));
    m_cancellation.cancel();
}

void BenchmarkPage::showProgress(const ProgressUpdate& update)
{
    if (!m_busy || update.unit != ProgressUpdate::Unit::Cases || update.itemsTotal <= 0 || !m_skip->isEnabled())
        return;
    m_busyBar->setRange(0, update.itemsTotal);
    m_busyBar->setValue(update.itemsDone);
    m_caseText->setText(update.currentItem.isEmpty()
                            ? tr("%1 of %2 cases measured").arg(update.itemsDone).arg(update.itemsTotal)
                            : tr("Case %1 of %2: %3")
                                  .arg(std::min(update.itemsDone + 1, update.itemsTotal))
                                  .arg(update.itemsTotal)
                                  .arg(update.currentItem));
}

void BenchmarkPage::showResult(const BenchmarkResult& result)
{
    m_busyBar->hide();
    m_caseText->hide();
    m_skip->hide();
    m_again->show();
    m_again->setEnabled(true);
    const Diagnostic verdict = result.diagnostic();
    const QString color = verdict.severity == Severity::Info ? QStringLiteral("#2e7d32")
        : verdict.severity == Severity::Warning              ? QStringLiteral("#b26a00")
                                                             : QStringLiteral("#c62828");
    QString text
        = QStringLiteral("<span style='color:%1'><b>%2</b></span>").arg(color, verdict.message.toHtmlEscaped());
    if (const QString fix = WizardRemedy::fix(verdict); !fix.isEmpty())
        text += QStringLiteral("<br>") + tr("Fix: %1").arg(fix.toHtmlEscaped());
    if (!result.verdictMessage.isEmpty() && !result.verdictMessage.startsWith(verdict.message))
        text += QStringLiteral("<br><small>%1</small>")
                    .arg(tr("Details from the test program, in its own words: %1")
                             .arg(result.verdictMessage.toHtmlEscaped()));
    m_verdict->setText(text);
    m_chart->setResult(result);
    m_chart->setVisible(m_chart->caseCount() > 0); // an empty chart says nothing the verdict does not
}
