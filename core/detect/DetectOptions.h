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
    /**
     * Folders a new login's search variable names (LD_LIBRARY_PATH from the login's files, the registry's Path), as
     * the engine reads them: scanned like this process's search path, so a copy only a new login gets is found too.
     */
    QStringList newLoginSearchDirs;
};
