#pragma once

#include <QStringList>

/** What to look at. */
struct DetectOptions
{
    QStringList cudaRoots; // --cuda-root, repeatable
    QStringList pythonEnvironments; // --python-env, repeatable: venv or conda env roots looked at first
    bool queryDriver = true;
};
