#include "BenchmarkChart.h"

#include <QPaintEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace {

const QColor gpuColor(0x76, 0xb9, 0x00);
const QColor cpuColor(0x90, 0x90, 0x90);

QString decadeLabel(int decade)
{
    return QString::number(std::pow(10.0, decade), 'g', 6);
}

} // namespace

BenchmarkChart::BenchmarkChart(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("benchmarkChart"));
    setAccessibleName(tr("Benchmark chart"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

QSize BenchmarkChart::sizeHint() const
{
    return {640, std::max(320, minimumSizeHint().height())};
}

QSize BenchmarkChart::minimumSizeHint() const
{
    const int line = textLine();
    const int rows = std::max(1, int(m_rows.size()));
    // As paintEvent lays it out: margins, the title, the bands, the axis labels, the legend.
    return {320, 8 + (line + 8) + rows * (line + 2) + (line + 6) + (line + 8)};
}

int BenchmarkChart::textLine() const
{
    const QFontMetrics metrics = fontMetrics();
    int line = metrics.height();
    // The height a line of each text is laid out at (a glyph's own bounding box is no line height).
    for (const QString& text : {m_title, tr("GPU (cuDNN)"), tr("CPU (same convolution)")})
        line = std::max(
            line,
            metrics.boundingRect(QRect(0, 0, 1 << 20, 1 << 10), Qt::AlignLeft | Qt::TextSingleLine, text).height());
    return line;
}

void BenchmarkChart::setResult(const BenchmarkResult& result)
{
    m_title = result.gpuName.isEmpty() ? tr("Time per forward pass (ms, lower is better)")
                                       : tr("%1 — time per forward pass (ms, lower is better)").arg(result.gpuName);
    m_rows.clear();
    double smallest = 1e9;
    double largest = 0;
    for (const BenchmarkCase& c : result.cases) {
        if (!c.gpuMs || !c.cpuMs || *c.gpuMs <= 0 || *c.cpuMs <= 0)
            continue;
        smallest = std::min({smallest, *c.gpuMs, *c.cpuMs});
        largest = std::max({largest, *c.gpuMs, *c.cpuMs});
        const double speedup = *c.cpuMs / *c.gpuMs;
        m_rows.append(
            {QStringLiteral("%1  (%2×)").arg(c.name).arg(speedup, 0, 'f', speedup < 10 ? 1 : 0), *c.gpuMs, *c.cpuMs});
    }
    if (!m_rows.isEmpty()) {
        m_lowestDecade = int(std::floor(std::log10(smallest)));
        m_highestDecade = std::max(m_lowestDecade + 1, int(std::ceil(std::log10(largest))));
    }
    setAccessibleDescription(m_title);
    updateGeometry();
    update();
}

void BenchmarkChart::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics metrics = fontMetrics();
    const int line = textLine();
    const QRect area = rect().adjusted(8, 4, -12, -4);

    QFont titleFont = font();
    titleFont.setBold(true);
    painter.setFont(titleFont);
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(QRect(area.left(), area.top(), area.width(), line), Qt::AlignHCenter, m_title);
    painter.setFont(font());
    if (m_rows.isEmpty())
        return;

    int labelWidth = 0;
    for (const Row& row : m_rows)
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(row.label));
    labelWidth = std::min(labelWidth + 12, area.width() / 2);
    const int legendHeight = line + 8;
    const int axisHeight = line + 6;
    const QRect plot(area.left() + labelWidth,
                     area.top() + line + 8,
                     area.width() - labelWidth,
                     area.height() - line - 8 - axisHeight - legendHeight);
    if (plot.width() < 40 || plot.height() < 20)
        return;

    const double decades = m_highestDecade - m_lowestDecade;
    auto xOf = [&](double ms) {
        const double at = (std::log10(ms) - m_lowestDecade) / decades;
        return plot.left() + int(std::clamp(at, 0.0, 1.0) * plot.width());
    };

    // Grid and axis: one line per decade, labelled.
    const QColor grid = palette().color(QPalette::Mid);
    for (int decade = m_lowestDecade; decade <= m_highestDecade; ++decade) {
        const int x = xOf(std::pow(10.0, decade));
        painter.setPen(QPen(grid, 1, decade == m_lowestDecade ? Qt::SolidLine : Qt::DotLine));
        painter.drawLine(x, plot.top(), x, plot.bottom());
        painter.setPen(palette().color(QPalette::WindowText));
        const QString label = decadeLabel(decade);
        const int width = metrics.horizontalAdvance(label);
        painter.drawText(
            QRect(std::clamp(x - width / 2, area.left(), area.right() - width), plot.bottom() + 4, width, line),
            Qt::AlignCenter,
            label);
    }

    // One band per case: the CPU bar above the GPU bar.
    const int band = plot.height() / int(m_rows.size());
    const int bar = std::max(3, std::min(band * 2 / 5, 2 * line));
    for (int i = 0; i < m_rows.size(); ++i) {
        const Row& row = m_rows[i];
        const int top = plot.top() + i * band + (band - 2 * bar) / 2;
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRect(area.left(), plot.top() + i * band, labelWidth - 8, band),
                         Qt::AlignRight | Qt::AlignVCenter,
                         metrics.elidedText(row.label, Qt::ElideMiddle, labelWidth - 8));
        painter.setPen(Qt::NoPen);
        painter.setBrush(cpuColor);
        painter.drawRect(QRect(plot.left(), top, std::max(1, xOf(row.cpuMs) - plot.left()), bar - 1));
        painter.setBrush(gpuColor);
        painter.drawRect(QRect(plot.left(), top + bar, std::max(1, xOf(row.gpuMs) - plot.left()), bar - 1));
    }

    // Legend, centred under the axis labels.
    const QString gpu = tr("GPU (cuDNN)");
    const QString cpu = tr("CPU (same convolution)");
    const int swatch = line * 2 / 3;
    const int legendWidth = 2 * swatch + metrics.horizontalAdvance(gpu) + metrics.horizontalAdvance(cpu) + 40;
    int x = area.left() + (area.width() - legendWidth) / 2;
    const int y = area.bottom() - line;
    for (const auto& [color, text] : {std::pair{gpuColor, gpu}, std::pair{cpuColor, cpu}}) {
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        painter.drawRect(x, y + (line - swatch) / 2, swatch, swatch);
        x += swatch + 6;
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRect(x, y, metrics.horizontalAdvance(text) + 2, line), Qt::AlignVCenter, text);
        x += metrics.horizontalAdvance(text) + 28;
    }
}
