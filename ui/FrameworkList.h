#pragma once

#include "detect/SystemSnapshot.h"

#include <QTreeWidget>

class QLabel;

/**
 * "Programs that will use cuDNN": one row per framework and Python environment with the cuDNN it will load and the
 * verdict (fits, does not fit, not known); the reason and its fix in the tooltip and on a row below.
 */
class FrameworkList : public QTreeWidget
{
    Q_OBJECT

public:
    explicit FrameworkList(QWidget* parent = nullptr);
    void setVerdicts(const FrameworkVerdicts& verdicts);
    /** The verdict's word: "fits", "does not fit", "not known". */
    static QString verdictWord(const std::optional<bool>& fits);
    /** One sentence over all the verdicts: none found, how many do not fit or are not known, or that all fit. */
    static QString headline(const FrameworkVerdicts& verdicts);
    /** The machine verdict's sentence, pointing below to the reasons where frameworks will not fit or are unknown. */
    static QString headline(const MachineVerdict& verdict);
    /** The bold label a page that leads with the verdicts puts headline() in, above the list. */
    static QLabel* headlineLabel(const QString& objectName, QWidget* parent);
    /**
     * On a page that leads with the verdicts (Welcome, Finish) the list is as tall as its rows, up to a few, instead
     * of a pane that takes the page; the page's other parts give way first.
     */
    void setHeightFollowsRows();
};
