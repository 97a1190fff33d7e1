#include "CopyWinnersList.h"

#include <QHeaderView>
#include <algorithm>

CopyWinnersList::CopyWinnersList(QWidget* parent)
    : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("environmentCopies"));
    setAccessibleName(tr("Which copy of each library a new program gets now"));
    setColumnCount(2);
    setHeaderLabels({tr("Library file a new program gets now"), tr("Copy it belongs to")});
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    hide();
}

QString CopyWinnersList::copyLabel(const CopyProvenance& copy, OsFlavor os)
{
    // A package and its version are names, the same in every language.
    const QString package = QStringLiteral("%1 %2").arg(copy.package, copy.packageVersion).simplified();
    const QString environment = displayPath(os, copy.environment);
    const bool inEnvironment = !copy.environment.isEmpty();
    switch (copy.origin) {
    case CudnnOrigin::Toolkit:
        return tr("the CUDA toolkit");
    case CudnnOrigin::NvidiaInstaller:
        return tr("NVIDIA's cuDNN installer");
    case CudnnOrigin::SystemPackage:
        return tr("the system package %1").arg(package).trimmed();
    case CudnnOrigin::Pip:
        return inEnvironment ? tr("the pip wheel %1 in %2").arg(package, environment)
                             : tr("the pip wheel %1").arg(package).trimmed();
    case CudnnOrigin::Conda:
        return inEnvironment ? tr("the conda package %1 in %2").arg(package, environment)
                             : tr("the conda package %1").arg(package).trimmed();
    case CudnnOrigin::AppLocal:
        return tr("a program's own folder");
    case CudnnOrigin::SearchPath:
        break;
    }
    return {};
}

void CopyWinnersList::showReport(const EnvironmentReport& report)
{
    clear();
    const auto row = [&report](QTreeWidgetItem* item, const LibraryCopy& file) {
        item->setText(0, displayPath(report.os, file.path));
        item->setText(1, file.copy ? copyLabel(*file.copy, report.os) : QString());
    };
    for (const LibraryStatus& status : report.libraries) {
        const LibraryResolution& now = status.before;
        const auto known = [](const LibraryCopy& file) { return file.copy.has_value(); };
        if (!(now.winner && known(*now.winner)) && std::none_of(now.shadowed.cbegin(), now.shadowed.cend(), known))
            continue;
        auto* library = new QTreeWidgetItem(this);
        if (now.winner)
            row(library, *now.winner);
        else
            library->setText(0, tr("%1: not found").arg(now.library));
        for (const LibraryCopy& loser : now.shadowed) {
            auto* item = new QTreeWidgetItem(library);
            row(item, loser);
            item->setText(0, tr("loses: %1").arg(item->text(0)));
        }
        library->setExpanded(true);
    }
    setVisible(topLevelItemCount() > 0);
}
