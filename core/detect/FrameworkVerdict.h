#pragma once

#include "common/OsFlavor.h"
#include "common/Version.h"
#include "report/Diagnostic.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <optional>

/** One cuDNN copy as a verdict sees it: where it lies, what it is, who brought it. */
struct CudnnCopyFact
{
    int major = 0; // from the library names; known even when the version is not
    std::optional<Version> version;
    QString path; // the folder holding the libraries
    QString origin; // "pip", "conda", "toolkit", "system-package", "nvidia-installer", "search-path", "app-local"
    QString environment; // the Python environment holding it; empty for the machine's own copies
    QString package; // the wheel or package that brought it ("nvidia-cudnn-cu12", "torch"); may be empty

    QJsonObject toJson() const; // {"version", "path", "origin"}
};

/** One framework installed in one Python environment, as that environment's metadata says. */
struct FrameworkSubject
{
    QString environment; // the environment's root
    QString environmentKind; // "venv", "conda", "system", "embedded"
    std::optional<Version> pythonVersion;
    QString distribution; // as installed: "tensorflow-gpu", "torch"
    QString package; // the table's name: "tensorflow", "torch", "onnxruntime-gpu"
    QString version; // as installed, local tag included: "2.5.1+cu124"
    QList<CudnnCopyFact> ownCopies; // cuDNN inside this environment (nvidia-cudnn wheel, torch/lib, conda's)
};

/** What a verdict needs to know of the machine beyond the environment. */
struct MachineFacts
{
    OsFlavor os = OsFlavor::Linux;
    /** The machine's copies a program finds by name, in the order the OS searches (first wins per major). */
    QList<CudnnCopyFact> searchPath;
    /** Copies that lie on the machine but on no search path (a Windows installer folder, another toolkit). */
    QList<CudnnCopyFact> elsewhere;
    QList<Version> gpuComputeCapabilities;
    std::optional<Version> driver;
};

/**
 * Whether one framework in one environment will load a cuDNN that fits it, predicted without running Python:
 * which copy its rule picks, fits true, false or unknown (null), and a finding per reason with its remedy.
 */
struct FrameworkVerdict
{
    FrameworkSubject subject;
    std::optional<Version> builtCuda; // from the table; nullopt when the build is unknown
    std::optional<Version> builtCudnn;
    QString variant;
    QString source; // the table row's sources
    bool fromSearchPath = false; // it takes cuDNN from the machine by name (an install here can serve it)
    std::optional<CudnnCopyFact> loads;
    /** What an interpreter of this environment really loaded, when the deep check ran and it said (confirmation). */
    std::optional<CudnnCopyFact> loaded;
    std::optional<bool> fits;
    Diagnostics findings;

    QStringList codes() const;
    /** The first finding's sentence: what the faces show on the framework's one line. */
    QString summary() const;
    /** docs/detect-json.md "frameworks": {"environment", "environment_kind", "package", "version", "cudnn",
     *  "fits", "codes", ...}. */
    QJsonObject toJson() const;
};

using FrameworkVerdicts = QList<FrameworkVerdict>;
QJsonArray frameworkVerdictsToJson(const FrameworkVerdicts& verdicts);
