#pragma once

#include "CudnnOrigin.h"
#include "PythonEnvironment.h"
#include "common/OsFlavor.h"
#include "common/Version.h"
#include "detect/FrameworkVerdict.h"
#include "report/Diagnostic.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

/** One GPU as the driver reports it. */
struct GpuInfo
{
    int index = 0;
    QString name;
    Version computeCapability; // 8.6
    qint64 memoryBytes = 0;
    int multiprocessors = 0;
    int clockKhz = 0;
};

/** The NVIDIA driver, if any, and the newest CUDA it can run. */
struct DriverInfo
{
    bool found = false;
    QString source; // "libraries" (cudnn-probe) or "nvidia-smi"
    std::optional<Version> version; // 550.144.03
    std::optional<Version> newestCuda; // 12.4
    QString library; // the libcuda/nvcuda that loaded
    QString nvmlLibrary;
    QString error; // why not found / not usable, in the loader's words
};

/** Where a toolkit path came from: "--cuda-root", "CUDA_PATH", "CUDA_PATH_V12_4", "PATH", "default location". */
struct ToolkitOrigin
{
    QString path; // as found (may be a link such as /usr/local/cuda)
    QString source;
};

/** One CUDA toolkit installation. */
struct CudaToolkit
{
    QString root; // canonical: links resolved
    std::optional<Version> version; // major.minor
    QString versionSource; // "version.json", "version.txt", "cuda.h", "nvcc"
    QString nvcc; // path of bin/nvcc if present
    QList<ToolkitOrigin> origins;
    bool active = false;

    bool reachedVia(const QString& path) const;
};

/** A cuDNN library file as it lies on disk. */
struct CudnnLibraryFile
{
    enum class Kind { File, Symlink, BrokenSymlink };
    QString name;
    QString path;
    Kind kind = Kind::File;
    QString linkTarget; // as written in the link
    qint64 size = 0; // of the file, or of what the link resolves to
    bool readableByAll = true;
};

/** What is off about the toolkits or the pointers at them (CUDA_PATH, a link, PATH), and the diagnostic that words it.
 */
struct ToolkitProblem
{
    enum class Kind {
        NoneFound, // no toolkit anywhere
        RootInvalid, // a root given by hand is no toolkit
        PathStale, // CUDA_PATH (or a _V variable) names a folder that is no toolkit
        LinkDangling, // a link that should lead to a toolkit leads nowhere
        VersionUnknown, // a toolkit whose version nothing says
        ActiveDisagree, // PATH, CUDA_PATH and the cuda link point at different toolkits
        NoActive, // several toolkits, none on PATH
    };

    Kind kind = Kind::NoneFound;
    Diagnostic diagnostic;

    /** How a toolkit is reached is off, and a person must set it right (repair reports it; it changes none). */
    bool isPointerProblem() const
    {
        return kind == Kind::PathStale || kind == Kind::LinkDangling || kind == Kind::ActiveDisagree;
    }
};

/** What is wrong with a cuDNN install: the fact code that acts on it decides on, and the diagnostic that words it. */
struct CudnnProblem
{
    enum class Kind {
        UnknownMajor, // a major the file tables do not know
        MissingLibraries, // CudnnInstall::missingLibraries
        BrokenLink, // the diagnostic's subject: a link to nothing
        EmptyFile, // the subject: 0 bytes
        NotReadable, // the subject: not readable by all users
        FlattenedLink, // the subject: a copy where the chain has a link
        MixedVersions, // library files of several versions side by side
        HeaderMismatch, // headers of one version, libraries of another
        ImportLibrariesMissing, // Windows: the .lib files to build against
        CudaMismatch, // on the search path, built for another CUDA major than the active toolkit's
        DriverTooOld, // built for a CUDA the driver cannot run
        GpuUnsupported, // a GPU outside the compute capabilities its build supports
        StrayCopy, // on the search path, no install: a few of a major's files, the rest missing (CudnnCopyFinder)
    };

    Kind kind = Kind::UnknownMajor;
    Diagnostic diagnostic;
};

/** cuDNN of one major found in one place: a toolkit, a directory on the library search path, a Python
 *  environment, NVIDIA's installer folder. Called a "copy" in docs/detect-json.md; origin and managedBy say where it
 *  came from and who alone may change its files. */
struct CudnnInstall
{
    /** Kept for existing scripts (JSON "location"): Toolkit, a folder on the search path, or Elsewhere (a Python
     *  environment or an installer folder that no search-path entry names). */
    enum class Location { Toolkit, SearchPath, Elsewhere };
    Location location = Location::Toolkit;
    CudnnOrigin origin = CudnnOrigin::Toolkit;
    PackageManager managedBy = PackageManager::None;
    QString package; // the managing package: "libcudnn9-cuda-12", "nvidia-cudnn-cu12", "torch", "cudnn"; or empty
    std::optional<Version> packageVersion; // what that package's record says (9.1.0.70)
    QString environment; // the Python environment root holding the copy; empty when none
    std::optional<int> cudaMajor; // the CUDA major it was built for (cu12 in a name, bin\12.8, its toolkit's)
    QString root; // toolkit root, or the directory itself
    QString includeDir; // where the version header was found; empty if none
    QStringList libraryDirs;
    int major = 0;
    std::optional<Version> headerVersion; // 9.19.0 from cudnn_version.h
    std::optional<Version> libraryVersion; // from versioned file names (libcudnn.so.9.19.0), when they say
    QList<CudnnLibraryFile> libraries; // every cuDNN runtime library file found, links included
    QStringList missingLibraries; // expected for this major, not present
    QList<CudnnProblem> problems; // what is wrong with this install

    /** The problems as diagnostics, for reports. */
    Diagnostics diagnostics() const;

    /** Every expected library present, none empty, no broken link. */
    bool isComplete() const;
    /** One word for a copy: usable as it is, usable with warnings, or not usable (incomplete, or an error). */
    enum class Verdict { Ok, Warnings, Unusable };
    Verdict verdict() const;
    /** The best version known: the header's, else the file names'. */
    std::optional<Version> version() const { return headerVersion ? headerVersion : libraryVersion; }
};

/** What the operating system says it is: /etc/os-release on Linux, the product version on Windows. */
struct OsRelease
{
    QString name; // "Ubuntu", "Red Hat Enterprise Linux", "Windows"; empty when nothing says
    QString version; // "22.04", "8.9", "10.0.22631"
    std::optional<Version> glibc; // Linux: the C library's version (gnu_get_libc_version()); nullopt elsewhere
};

/**
 * What a person should hear first about the machine: judged once (Engine::detect), said the same by every face
 * (Welcome and Finish, --detect and its JSON). Broken cuDNN outranks what the frameworks would load: a framework
 * verdict over a damaged copy is news a page later.
 */
struct MachineVerdict
{
    Q_DECLARE_TR_FUNCTIONS(MachineVerdict)

public:
    enum class Lead {
        BrokenCudnn, // a copy is damaged (missing, empty, unreadable files, broken links) or a stray copy is on the
                     // search path: the Repair task lists it with its fix and fixes what it can
        FrameworksWillNotFit, // nothing is damaged, but a framework found will not load a cuDNN that fits it
        FrameworksUnknown, // for a framework found, which cuDNN it will load is not known
        FrameworksFit, // every framework found will load a cuDNN that fits it
        NoFramework, // nothing is damaged and no Python framework that uses cuDNN was found
    };

    Lead lead = Lead::NoFramework;
    /** The verdict as one finding: its code (VERDICT-*), severity and one-line sentence. */
    Diagnostic summary;
    /** BrokenCudnn: the copy's finding that leads (errors first, then the order detection found them in);
     *  FrameworksWillNotFit / FrameworksUnknown: the first such framework's leading finding. */
    std::optional<Diagnostic> finding;
    int problems = 0; // how many of the lead's kind in all: damaged copies' findings, or frameworks

    bool repairFixes() const { return lead == Lead::BrokenCudnn; }
    static MachineVerdict judge(const QList<CudnnInstall>& copies, const FrameworkVerdicts& frameworks);
    /** docs/detect-json.md "verdict": {"lead", "code", "severity", "message", "problems", "finding"}. */
    QJsonObject toJson() const;
    static QString leadName(Lead lead);
};

/** Everything detection learned about the machine. */
struct SystemSnapshot
{
    OsFlavor os = OsFlavor::Linux;
    /** NVIDIA's name for this machine's archives: linux-x86_64, linux-sbsa, linux-aarch64 (Jetson), windows-x86_64,
     *  windows-arm64; empty when unknown. */
    QString redistPlatform;
    OsRelease osRelease;
    DriverInfo driver;
    QList<GpuInfo> gpus;
    QList<CudaToolkit> toolkits;
    QList<ToolkitProblem> toolkitProblems; // also in diagnostics, for reports
    QList<CudnnInstall> cudnnInstalls; // every copy: toolkits, search path, Python environments, installer folders
    QList<PythonEnvironment> pythonEnvironments; // found without running Python (PythonEnvironmentFinder)
    Diagnostics diagnostics; // every finding, including those of the installs
    qint64 elapsedMs = 0;
    /** The folders a program searches for a library by name, in the order the OS searches them. */
    QStringList librarySearchDirs;
    /** Each framework in each Python environment: the cuDNN it will load and whether that fits (core/frameworks). */
    FrameworkVerdicts frameworks;
    /** What leads (set by Engine::detect through judgeVerdict(), after the copies and frameworks are judged). */
    MachineVerdict verdict;

    const CudaToolkit* activeToolkit() const;
    /** The machine's leading verdict from its copies' problems: see MachineVerdict. */
    MachineVerdict judgeVerdict() const;
    /** The toolkit whose root (or one of whose origins) is this path; nullptr if none. */
    const CudaToolkit* toolkitAt(const QString& path) const;
    QList<CudnnInstall> cudnnInToolkit(const QString& root) const;
    /** The origins in the order the faces group copies by: toolkit, installer, system package, pip, conda,
     *  app-local, search path. */
    static QList<CudnnOrigin> originOrder();

    /** The stable JSON of `cudnn-setup --detect --json` (docs/detect-json.md). */
    QJsonObject toJson() const;
};
