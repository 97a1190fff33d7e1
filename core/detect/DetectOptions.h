#pragma once

#include <QStringList>

/** What to look at. */
struct DetectOptions
{
    QStringList cudaRoots; // --cuda-root, repeatable
    QStringList pythonEnvironments; // --python-env, repeatable: venv or conda env roots looked at first
    bool queryDriver = true;
    /**
     * Also follow the search path of the named toolkit that holds cuDNN (cudaRoots; user scope): which copy a new
     * program gets, its findings one per cause, as repair's scan says them, so --detect and repair agree.
     */
    bool searchPath = false;
};
