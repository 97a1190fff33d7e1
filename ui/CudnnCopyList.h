#pragma once

#include "detect/SystemSnapshot.h"

#include <QTreeWidget>

/**
 * The System page's cuDNN copies: one group per origin (toolkits, NVIDIA's installer, system packages, pip, conda,
 * next to a program, elsewhere on the search path), one row per copy with its verdict, version, CUDA, owner and
 * folder. The verdicts are the engine's (CudnnInstall::verdict()); this only words them.
 */
class CudnnCopyList : public QTreeWidget
{
    Q_OBJECT

public:
    explicit CudnnCopyList(QWidget* parent = nullptr);
    void showCopies(const SystemSnapshot& snapshot);

    static QString originTitle(CudnnOrigin origin);
    static QString verdictWord(CudnnInstall::Verdict verdict);

private:
    static QString details(const CudnnInstall& copy, OsFlavor os);
};
