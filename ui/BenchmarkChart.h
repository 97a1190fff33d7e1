#pragma once

#include "verify/BenchmarkResult.h"

#include <QList>
#include <QWidget>

/**
 * Per case, milliseconds on the GPU next to milliseconds on the CPU as horizontal bars on a logarithmic axis (the
 * two differ by orders of magnitude on a real GPU), with the speed-up in each case's label. Drawn with QPainter:
 * one small widget instead of Qt Charts (GPL-3 in Debian, and a large module for a Windows build to carry).
 */
class BenchmarkChart : public QWidget
{
    Q_OBJECT

public:
    explicit BenchmarkChart(QWidget* parent = nullptr);
    void setResult(const BenchmarkResult& result);
    /** Cases shown (for tests): those that ran on both sides. */
    int caseCount() const { return int(m_rows.size()); }
    /** The axis from 10^lowest to 10^highest milliseconds (for tests). */
    int lowestDecade() const { return m_lowestDecade; }
    int highestDecade() const { return m_highestDecade; }

    QSize sizeHint() const override;
    /** Room for the title, a band per case at least a text line high, the axis labels and the legend. */
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    /** The height of a line of the chart's texts, with any glyph a fallback font draws (Chinese in a Latin font). */
    int textLine() const;

    struct Row
    {
        QString label; // case name and speed-up
        double gpuMs = 0;
        double cpuMs = 0;
    };

    QString m_title;
    QList<Row> m_rows;
    int m_lowestDecade = 0;
    int m_highestDecade = 1;
};
