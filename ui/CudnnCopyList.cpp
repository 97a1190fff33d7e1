#include "CudnnCopyList.h"

#include "DiagnosticList.h"

#include <QHeaderView>

CudnnCopyList::CudnnCopyList(QWidget* parent)
    : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("systemCopies"));
    setAccessibleName(tr("cuDNN copies on this machine"));
    setColumnCount(2);
    setHeaderLabels({tr("cuDNN copy"), tr("Details")});
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
}

QString CudnnCopyList::originTitle(CudnnOrigin origin)
{
    switch (origin) {
    case CudnnOrigin::Toolkit:
        return tr("In CUDA toolkits");
    case CudnnOrigin::NvidiaInstaller:
        return tr("From NVIDIA's cuDNN installer");
    case CudnnOrigin::SystemPackage:
        return tr("From system packages");
    case CudnnOrigin::Pip:
        return tr("From pip wheels");
    case CudnnOrigin::Conda:
        return tr("From conda packages");
    case CudnnOrigin::AppLocal:
        return tr("Next to a program");
    case CudnnOrigin::SearchPath:
        return tr("Elsewhere on the search path");
    }
    return {};
}

QString CudnnCopyList::verdictWord(CudnnInstall::Verdict verdict)
{
    switch (verdict) {
    case CudnnInstall::Verdict::Ok:
        return tr("usable");
    case CudnnInstall::Verdict::Warnings:
        return tr("usable, with warnings");
    case CudnnInstall::Verdict::Unusable:
        return tr("not usable");
    }
    return {};
}

QString CudnnCopyList::details(const CudnnInstall& copy, OsFlavor os)
{
    QStringList facts;
    if (copy.cudaMajor)
        facts.append(tr("for CUDA %1").arg(*copy.cudaMajor));
    if (!copy.package.isEmpty()) {
        // A package and its manager are names, the same in every language.
        facts.append(QStringLiteral("%1 %2 (%3)")
                         .arg(copy.package,
                              copy.packageVersion ? copy.packageVersion->toString() : QString(),
                              packageManagerName(copy.managedBy))
                         .simplified());
    }
    if (!copy.environment.isEmpty())
        facts.append(tr("environment %1").arg(displayPath(os, copy.environment)));
    if (!copy.missingLibraries.isEmpty())
        facts.append(tr("missing %1").arg(copy.missingLibraries.join(QStringLiteral(", "))));
    const QString where = copy.libraryDirs.isEmpty() || copy.location == CudnnInstall::Location::Toolkit
        ? copy.root
        : copy.libraryDirs.constFirst();
    facts.append(displayPath(os, where));
    return facts.join(QStringLiteral(" — "));
}

void CudnnCopyList::showCopies(const SystemSnapshot& snapshot)
{
    clear();
    if (snapshot.cudnnInstalls.isEmpty()) {
        auto* none = new QTreeWidgetItem(this, {tr("No cuDNN found yet"), QString()});
        none->setIcon(0, DiagnosticList::okIcon());
        return;
    }
    for (const CudnnOrigin origin : SystemSnapshot::originOrder()) {
        QTreeWidgetItem* group = nullptr;
        for (const CudnnInstall& copy : snapshot.cudnnInstalls) {
            if (copy.origin != origin)
                continue;
            if (!group) {
                group = new QTreeWidgetItem(this, {originTitle(origin), QString()});
                group->setFirstColumnSpanned(true);
                group->setExpanded(true);
            }
            const auto version = copy.version();
            const CudnnInstall::Verdict verdict = copy.verdict();
            const QString label = QStringLiteral("%1  %2").arg(
                version ? version->toString() : QStringLiteral("%1.x").arg(copy.major), verdictWord(verdict));
            auto* row = new QTreeWidgetItem(group, {label, details(copy, snapshot.os)});
            row->setIcon(0,
                         verdict == CudnnInstall::Verdict::Ok          ? DiagnosticList::okIcon()
                             : verdict == CudnnInstall::Verdict::Warnings ? DiagnosticList::iconFor(Severity::Warning)
                                                                          : DiagnosticList::iconFor(Severity::Error));
            row->setToolTip(1, row->text(1));
        }
    }
}
