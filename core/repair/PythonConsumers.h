#pragma once

#include "RepairFinding.h"
#include "host/HostEnvironment.h"
#include "host/ProcessRunner.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <memory>
#include <optional>

/** One deep-learning package in one interpreter, as that interpreter itself reports it. */
struct PythonPackage
{
    QString name; // torch, tensorflow, onnxruntime
    QString version;
    QString location; // the package's folder
    QString cudnnVersion; // decoded ("9.1.0"); empty when it does not say
    QStringList ownCudnn; // cuDNN files shipped inside the environment (torch/lib, nvidia/cudnn/lib)
    bool cudaBuild = true; // tensorflow's build info, onnxruntime's providers
    QString error; // the import failed: why
};

/** One Python interpreter and what it has. */
struct PythonConsumer
{
    QString interpreter; // the file asked
    QString pythonVersion;
    QString platform; // sys.platform
    QList<PythonPackage> packages;
    QStringList loadedCudnn; // cuDNN files mapped into that process after the imports (Linux /proc/self/maps)
    QString error; // did not answer in time, or not understood
};

/**
 * The programs that will use (or ignore) the cuDNN repair fixes: Python interpreters on PATH (`py -0p` on
 * Windows) and in the usual venv/conda places under the home folder, each asked by a short inline script, with a
 * time limit, which of torch, tensorflow and onnxruntime it has and which cuDNN they load. The findings are facts:
 * pip torch loads its own copy (RPATH / os.add_dll_directory), TensorFlow 2.11 and later has no native Windows GPU,
 * onnxruntime's CUDA provider loads cuDNN by name from the search path. None claims a fix reaches it.
 */
class PythonConsumers
{
    Q_DECLARE_TR_FUNCTIONS(PythonConsumers)

public:
    static constexpr int TimeoutMs = 30000; // importing torch and tensorflow takes seconds
    /** All interpreters of one look together: past it the rest are not asked. */
    static constexpr int TotalTimeoutMs = 120000;
    /** The most files and folders of an interpreter's library trees a privileged run checks before asking it. */
    static constexpr int MaxCheckedEntries = 200000;

    PythonConsumers(HostEnvironment host, std::shared_ptr<const ProcessRunner> runner, QString homeDirectory);

    /** Every interpreter found, each once (links resolved). */
    QStringList interpreters() const;
    QList<PythonConsumer> inspect() const;
    /** One finding per package found: which cuDNN it uses and why; remedy None. */
    RepairFindings findings(const QList<PythonConsumer>& consumers) const;

    /**
     * Asks one interpreter, the only way this product runs Python: isolated (-I: no PYTHON* variables, no user
     * site-packages, neither the script's nor the working folder on sys.path) in the runner's private working
     * folder. A privileged process asks only an interpreter whose library trees (the environment's and its base
     * installation's lib/python3*: site-packages, .pth files, the standard library) no other user can change, since
     * importing a framework runs that code; otherwise the consumer says why it was not asked.
     */
    static PythonConsumer ask(const ProcessRunner& runner, OsFlavor os, const QString& interpreter);
    /** The folders whose code the interpreter imports (its prefix's and its base installation's libraries). */
    static QStringList importedTrees(const QString& interpreter, OsFlavor os);

    /** The inline script the interpreters run; prints one JSON object. */
    static QString probeScript();
    static PythonConsumer parse(const QString& interpreter, const ProcessResult& result);
    /** cudnnGetVersion()'s number as a version: below 9 M*1000+m*100+p, from 9 on M*10000+m*100+p. */
    static QString decodeCudnnVersion(qint64 code);

private:
    QStringList onPath() const;
    QStringList fromPyLauncher() const;
    QStringList underHome() const;
    RepairFinding findingFor(const PythonConsumer& consumer, const PythonPackage& package) const;

    HostEnvironment m_host;
    std::shared_ptr<const ProcessRunner> m_runner;
    QString m_home;
};
