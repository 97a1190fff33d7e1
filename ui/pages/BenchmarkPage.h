#pragma once

#include "WizardState.h"

#include <QWizardPage>

class BackgroundWork;
class BenchmarkChart;
class Engine;
class QLabel;
class QProgressBar;
class QPushButton;

/** The proof: convolutions on this GPU through the installed cuDNN against the same work on the CPU, as a chart. */
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

public slots:
    void runBenchmark();

private:
    void showResult(const BenchmarkResult& result);

    const Engine& m_engine;
    WizardState& m_state;
    BackgroundWork& m_work;
    QLabel* m_verdict;
    QProgressBar* m_busyBar;
    BenchmarkChart* m_chart;
    QPushButton* m_again;
    bool m_busy = false;
    bool m_quick = false;
};
