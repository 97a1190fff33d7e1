#pragma once

#include "env/EnvironmentReport.h"

#include <QTreeWidget>

/**
 * The search path page's "which file wins", by copy: for each library whose winning or losing file belongs to a
 * copy detection found, the file a new program gets now and, below it, the files that lose, each named by where its
 * copy came from (a pip wheel and its environment, a conda env, a toolkit, NVIDIA's installer). The analysis decides
 * which copy a file belongs to (EnvironmentReport::attributeCopies); this only words it.
 */
class CopyWinnersList : public QTreeWidget
{
    Q_OBJECT

public:
    explicit CopyWinnersList(QWidget* parent = nullptr);
    /** Hidden when no file of the report belongs to a copy detection found: the folders alone say nothing new. */
    void showReport(const EnvironmentReport& report);

    /** "pip wheel nvidia-cudnn-cu12 9.1.0.70 in /home/me/.venvs/asr"; empty for a bare search-path folder. */
    static QString copyLabel(const CopyProvenance& copy, OsFlavor os);
};
