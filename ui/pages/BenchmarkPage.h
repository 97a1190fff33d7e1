#pragma once

#include "WizardState.h"
#include "common/Progress.h"

#include <QWizardPage>

class BackgroundWork;
class BenchmarkChart;
class Engine;
class ProgressRelay;
class QLabel;
class QProgressBar;
class QPushButton;

/**
 * The proof: convolutions on this GPU through the installed cuDNN against the same work on the CPU, as a chart that
 * fills in case by case, with "case k of N" on a bar and a Skip that keeps what was measured.
 */
class BenchmarkPage : public QWizardPage
{
    Q_OBJECT

public:
    BenchmarkPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool isBusy() const { return m_busy; }
    /** Small batches, for tests with fake libraries. */
    void setQuick(bool quick) { m_quick = quick; }
    /** The run's time budget and stall limit in ms (0: the engine's), for tests with a slow or hanging fake. */
    void setLimits(int budgetMs, int stallMs)
    {
        m_budgetMs = budgetMs;
        m_stallMs = stallMs;
    }

public slots:
    void runBenchmark();
    /** Stops the run now; the cases measured so far stay, and Next goes on. */
    void skipBenchmark();

private:
    void showProgress(const ProgressUpdate& update);
    void showResult(const BenchmarkResult& result);

    const Engine& m_engine;
    WizardState& m_state;
    BackgroundWork& m_work;
    ProgressRelay* m_relay;
    QLabel* m_verdict;
    QProgressBar* m_busyBar;
    QLabel* m_caseText;
    BenchmarkChart* m_chart;
    QPushButton* m_again;
    QPushButton* m_skip;
    CancellationToken m_cancellation;
    bool m_busy = false;
    bool m_quick = false;
    int m_budgetMs = 0;
    int m_stallMs = 0;
    int m_run = 0; // which run the progress and the cases belong to
};
