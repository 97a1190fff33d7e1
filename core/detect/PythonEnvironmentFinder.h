#pragma once

#include "PythonEnvironment.h"
#include "host/HostEnvironment.h"
#include "report/Diagnostic.h"

#include <QCoreApplication>
#include <optional>

/**
 * Finds Python environments without running Python: the prefixes of interpreters on PATH, Windows' registered
 * installs (what `py -0p` lists), conda's ~/.conda/environments.txt and its base installs (~/miniconda3,
 * ~/anaconda3, ~/miniforge3, ~/mambaforge and their Windows places), virtualenvs under ~/.virtualenvs, ~/.venvs and
 * ~/venv*, and every folder given by hand. Each is read from its files: pyvenv.cfg, the names in conda-meta,
 * *.dist-info folders. Each environment is listed once (canonical root).
 */
class PythonEnvironmentFinder
{
    Q_DECLARE_TR_FUNCTIONS(PythonEnvironmentFinder)

public:
    /** Past this many environments, or this long, the rest are not read (PYTHON-ENVS-CAPPED says so). */
    static constexpr int MaxEnvironments = 200;
    static constexpr int DeadlineMs = 4000;

    struct Result
    {
        QList<PythonEnvironment> environments;
        Diagnostics diagnostics; // a folder given by hand that is no environment
    };

    explicit PythonEnvironmentFinder(const HostEnvironment& host);

    /** given: the --python-env folders, in order (they come first). */
    Result find(const QStringList& given) const;

    /** Reads one environment at root; nullopt when root holds no Python environment. */
    static std::optional<PythonEnvironment> read(OsFlavor os, const QString& root, const QString& foundVia);

private:
    QList<QPair<QString, QString>> candidates() const; // (root, foundVia), in order, duplicates allowed

    const HostEnvironment& m_host;
};
