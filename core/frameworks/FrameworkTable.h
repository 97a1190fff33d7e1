#pragma once

#include "common/OsFlavor.h"
#include "common/Version.h"

#include <QJsonObject>
#include <QList>
#include <optional>

/**
 * The Python frameworks that load cuDNN, from resources/compat/frameworks.json: per version range and CUDA variant
 * the CUDA and cuDNN each build was made with, where it takes cuDNN from on each OS, the load rule of each framework
 * and the OS a version has no GPU build for. A version the table does not know stays unknown, never guessed.
 */
class FrameworkTable
{
public:
    /** Where a build takes its cuDNN from on one OS. */
    enum class CudnnSource {
        Wheel, // a copy inside the framework's own wheel (torch/lib)
        Pip, // the nvidia-cudnn-cuNN wheel it requires, through its RPATH
        PipOrSearchPath, // that wheel when the environment has one, else the search path by name
        SearchPath, // by name from the library search path
        None, // no GPU build on that OS
    };

    /** How a framework accepts the cuDNN it finds at run time. */
    enum class LoadRule {
        SameMajorMinorAtLeast, // torch, TensorFlow: same major, runtime minor >= built minor
        SameMajor, // ONNX Runtime: a cuDNN 8 build does not work with 9 and the other way round
    };

    struct Build
    {
        QString package; // torch, tensorflow, onnxruntime-gpu
        Version from;
        Version to; // inclusive; fewer parts cover every release below ("2.5" holds 2.5.1)
        QString variant; // "cu124"; empty for a framework without local version tags
        bool isDefault = false; // what a plain version from PyPI is on Linux
        Version cuda;
        Version cudnn;
        QString pipCudnn; // the nvidia-cudnn wheel it requires ("nvidia-cudnn-cu12"); empty if none
        CudnnSource linuxSource = CudnnSource::SearchPath;
        CudnnSource windowsSource = CudnnSource::SearchPath;
        QString source;
        /** The command that installs this build ({release} for the framework's version); empty: the package's. */
        QString install;

        bool contains(const Version& version) const;
        CudnnSource sourceOn(OsFlavor os) const { return os == OsFlavor::Windows ? windowsSource : linuxSource; }
    };

    static const FrameworkTable& builtIn();
    static FrameworkTable fromJson(const QJsonObject& json);

    /** The table's name for an installed distribution ("tensorflow-gpu" -> "tensorflow"); empty when it is none. */
    QString packageFor(const QString& distribution) const;
    LoadRule ruleFor(const QString& package) const;
    /** The build an installed version is: its variant's (+cu121), else the default one; nullptr when unknown. */
    const Build* buildFor(const QString& package, const QString& installedVersion) const;
    /** False when this version has no GPU build on that OS at all (TensorFlow 2.11+ on native Windows). */
    bool hasGpuBuild(const QString& package, const Version& version, OsFlavor os) const;
    /** The last version with a GPU build on that OS, below the first that has none; nullopt when it never stopped. */
    std::optional<Version> lastGpuVersion(const QString& package, OsFlavor os) const;
    /**
     * The default build nearest to version whose cuDNN has that major: the oldest newer one when the major is above
     * the version's own, else the newest older one; nullptr when the table has none.
     */
    const Build* nearestWithCudnnMajor(const QString& package, const Version& version, int major) const;
    /** The part of an installed version before a local tag: "2.5.1+cu124" -> 2.5.1, PaddlePaddle's
     *  "2.6.1.post120" -> 2.6.1; nullopt when unreadable. */
    static std::optional<Version> releaseOf(const QString& installedVersion);
    /** The local tag of an installed version: "2.5.1+cu124" -> "cu124", "2.6.1.post120" -> "post120"; empty when
     *  none. */
    static QString variantOf(const QString& installedVersion);
    /** Every build of that package whose range holds release (each variant's). */
    QList<const Build*> buildsOf(const QString& package, const Version& release) const;
    /** The command that installs build at release: the row's own, else the package's template with {release} and
     *  {variant} filled in; empty when the table names none. */
    QString installCommand(const Build& build, const Version& release) const;
    /** The command that installs release built for an older CUDA as another package (jax-cuda13-plugin ->
     *  jax[cuda12]), with that CUDA; nullopt when the table names none. */
    std::optional<QPair<Version, QString>> olderCudaInstall(const QString& package, const Version& release) const;

    const QList<Build>& builds() const { return m_builds; }

private:
    struct Limit
    {
        QString package;
        Version from;
        OsFlavor os = OsFlavor::Windows;
    };

    QList<Build> m_builds;
    QList<QPair<QString, LoadRule>> m_rules;
    QList<QPair<QString, QString>> m_aliases;
    QList<Limit> m_limits;
    struct Install
    {
        QString package;
        QString command; // with {release}, {variant}
        std::optional<Version> cuda; // set: it installs the build for this CUDA as another package
    };
    QList<Install> m_installs;
};
