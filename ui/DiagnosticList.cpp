#include "DiagnosticList.h"

#include "WizardRemedy.h"
#include "WrappedRows.h"
#include "package/PackageChoice.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QImageReader>
#include <QPushButton>
#include <QStyle>
#include <algorithm>

DiagnosticList::DiagnosticList(QWidget* parent)
    : QTreeWidget(parent)
{
    setColumnCount(1);
    header()->hide();
    setRootIsDecorated(true);
    header()->setSectionResizeMode(QHeaderView::Stretch);
    new WrappedRows(this); // long findings wrap instead of being cut off
    setAccessibleName(tr("Findings"));
}

QIcon DiagnosticList::svgIcon(const QString& name, QStyle::StandardPixmap fallback)
{
    // A QIcon made from a file is never null, even when nothing can read it: ask whether SVG can be read at all.
    static const bool canReadSvg = QImageReader::supportedImageFormats().contains("svg");
    if (canReadSvg)
        return QIcon(QStringLiteral(":/icons/%1.svg").arg(name));
    return fallback == QStyle::SP_CustomBase ? QIcon() : QApplication::style()->standardIcon(fallback);
}

QIcon DiagnosticList::iconFor(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return svgIcon(QStringLiteral("status-error"), QStyle::SP_MessageBoxCritical);
    case Severity::Warning:
        return svgIcon(QStringLiteral("status-warning"), QStyle::SP_MessageBoxWarning);
    case Severity::Info:
        return svgIcon(QStringLiteral("status-info"), QStyle::SP_MessageBoxInformation);
    }
    return {};
}

QIcon DiagnosticList::okIcon()
{
    return svgIcon(QStringLiteral("status-ok"), QStyle::SP_DialogApplyButton);
}

QString DiagnosticList::meaningOf(const QString& code)
{
    if (code == PackageCode::GpuForwardCompat)
        return tr("Your GPU is newer than this cuDNN release. It still works: NVIDIA's forward compatibility runs a "
                  "common subset of operations on it, but some models may fail with \"not supported\" errors and "
                  "nothing is tuned for this GPU yet. Fine for trying things out; for production use a cuDNN release "
                  "that lists your GPU.");
    if (code == PackageCode::GpuUnsupported)
        return tr("This cuDNN build has no code for your GPU: programs would stop with an error the moment they "
                  "use cuDNN. NVIDIA removes older GPUs from new releases (cuDNN 9.11 dropped Maxwell, Pascal and "
                  "Volta from its CUDA 12 builds; CUDA 13 never had them), so an older GPU needs an older release.");
    if (code == PackageCode::DriverMinorCompat)
        return tr("Your driver is older than this CUDA version was released with. Most programs run anyway; those "
                  "that compile GPU code at run time (PTX JIT) may fail until the driver is updated.");
    if (code == PackageCode::OsTooOld)
        return tr("NVIDIA builds this cuDNN release against a newer system library (glibc) than this operating "
                  "system has: it would not load here.");
    if (code == PackageCode::GpuRangeUnknown || code == PackageCode::OsUnknown)
        return tr("This program checks only what NVIDIA's published tables state; for this point they say nothing, "
                  "so it was not checked rather than guessed.");
    return {};
}

void DiagnosticList::offer(FixAction::Kind kind,
                           std::function<void(const FixAction&)> take,
                           std::function<bool()> available)
{
    m_offers[kind] = Offer{std::move(take), std::move(available)};
}

void DiagnosticList::addActions(QTreeWidgetItem* item, const Diagnostic& d)
{
    if (const QString meaning = meaningOf(d.code); !meaning.isEmpty())
        addLine(item, tr("What this means: %1").arg(meaning));
    const auto offer = m_offers.find(d.action.kind);
    const bool offered = offer != m_offers.end() && (!offer->second.available || offer->second.available());
    if (const QString fix = WizardRemedy::fix(d.fix, d.action, offered); !fix.isEmpty())
        addLine(item, tr("Fix: %1").arg(fix));
    if (offered) {
        QTreeWidgetItem* row = addLine(item, QString());
        auto* holder = new QWidget; // the button as wide as its text, not as the column
        auto* layout = new QHBoxLayout(holder);
        layout->setContentsMargins(0, 0, 0, 0);
        auto* button = new QPushButton(WizardRemedy::buttonText(d.action.kind), holder);
        button->setObjectName(QStringLiteral("fixAction"));
        connect(button, &QPushButton::clicked, this, [take = offer->second.take, action = d.action] { take(action); });
        layout->addWidget(button);
        layout->addStretch();
        setItemWidget(row, 0, holder);
    }
}

QTreeWidgetItem* DiagnosticList::addLine(QTreeWidgetItem* parent, const QString& text)
{
    auto* row = new QTreeWidgetItem(parent, {text});
    row->setFlags(row->flags() & ~Qt::ItemIsSelectable);
    row->setToolTip(0, text);
    return row;
}

QTreeWidgetItem* DiagnosticList::addSubjects(QTreeWidgetItem* item, const Diagnostic& diagnostic)
{
    if (diagnostic.subjects.isEmpty())
        return nullptr;
    QTreeWidgetItem* list = addLine(item, tr("Affects %n", nullptr, int(diagnostic.subjects.size())));
    list->setData(0, Qt::UserRole + 2, QStringLiteral("subjects"));
    list->setToolTip(0, diagnostic.subjects.join(QStringLiteral(", ")));
    for (const QString& subject : diagnostic.subjects)
        addLine(list, subject);
    list->setExpanded(false); // the finding and its fix first; the libraries where someone opens them
    return list;
}

void DiagnosticList::setDiagnostics(const Diagnostics& diagnostics)
{
    clear();
    // Problems first; findings that share a code (one per library, one per file) become one row listing them.
    QList<Diagnostics> groups;
    for (Severity severity : {Severity::Error, Severity::Warning, Severity::Info}) {
        for (const Diagnostic& d : diagnostics) {
            if (d.severity != severity)
                continue;
            auto same = std::find_if(groups.begin(), groups.end(), [&](const Diagnostics& g) {
                return g.first().code == d.code && g.first().severity == d.severity && g.first().fix == d.fix;
            });
            if (same == groups.end())
                groups.append({d});
            else
                same->append(d);
        }
    }
    for (const Diagnostics& group : groups) {
        const Diagnostic& d = group.first();
        const QString text = group.size() == 1
            ? d.message
            : tr("%1 (and %n more like it)", nullptr, int(group.size() - 1)).arg(d.message);
        auto* item = new QTreeWidgetItem(this, {text});
        item->setIcon(0, iconFor(d.severity));
        item->setToolTip(0, d.message);
        item->setData(0, Qt::UserRole, d.code);
        if (group.size() > 1) {
            auto* list = addLine(item, tr("Found for these %n:", nullptr, int(group.size())));
            list->setData(0, Qt::UserRole + 2, QStringLiteral("subjects"));
            for (const Diagnostic& one : group)
                addLine(list, one.subject.isEmpty() ? one.message : one.subject)->setToolTip(0, one.message);
        } else {
            addSubjects(item, d);
        }
        addActions(item, d);
        item->setExpanded(true);
    }
    if (diagnostics.isEmpty())
        new QTreeWidgetItem(this, {tr("No problems found.")});
}
