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

    /** What the installed build states about itself, each value with the file it came from ("torch/version.py",
     *  "METADATA"); what it leaves unset the table answers. */
    struct Stated
    {
        std::optional<Version> cuda;
        QString cudaSource;
        std::optional<Version> cudnn;
        QString cudnnSource;
        QString variant; // "cu130", from a local version label the build file states
        QString variantSource;
        QString cudnnWheel; // the nvidia-cudnn wheel its METADATA requires here ("nvidia-cudnn-cu13")
        QString cudnnSpecifier; // its specifier (">=9.8,<10.0", "==9.19.0.56"); empty for any version
        bool noCuda = false; // the build file says it is no CUDA build (a CPU or ROCm build)
        QString noCudaSource;
    };
    Stated stated;
    /** Folders of this distribution's own files that hold cuDNN libraries (its RECORD says so). */
    QStringList ownLibraryDirs;
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
    /** The newest CUDA the driver supports (nvidia-smi's "CUDA Version"); stands in when the version is unknown. */
    std::optional<Version> newestCuda;
};

/**
 * Whether one framework in one environment will load a cuDNN that fits it, predicted without running Python:
 * which copy its rule picks, fits true, false or unknown (null), and a finding per reason with its remedy.
 */
struct FrameworkVerdict
{
    FrameworkSubject subject;
    std::optional<Version> builtCuda; // nullopt when the build is unknown
    std::optional<Version> builtCudnn;
    QString variant;
    /** Where each of the three came from: a build file ("torch/version.py"), "METADATA" or "table". */
    QString cudaSource;
    QString cudnnSource;
    QString variantSource;
    /** The cuDNN range the installed METADATA declares ("nvidia-cudnn-cu12>=9.8,<10.0"); empty when none. */
    QString cudnnRequirement;
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
    /** {"cuda", "cudnn", "variant", "source": {"cuda", "cudnn", "variant"}, "cudnn_requirement"}; null when neither
     *  the CUDA nor the cuDNN of the build is known. */
    QJsonValue builtWithJson() const;
};

using FrameworkVerdicts = QList<FrameworkVerdict>;
QJsonArray frameworkVerdictsToJson(const FrameworkVerdicts& verdicts);
