// cudnn-setup-install-bench [--runs N] ARCHIVE
//   Inspects ARCHIVE once (as the install does before it writes), then N times: merges it into a fresh toolkit
//   (InstallService::install: plan, journal, stream, flush, verify, rename, manifest), the manual way into another
//   (tar -xJf into a temporary folder, cp -P into the toolkit, chmod a+r), and `xz -dc > /dev/null`.
//   Prints each one's median wall and CPU time, the merge's peak RSS (reset before each merge), and the ratios.
//   The archive: /tmp/pkgbench/cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz from cudnn-setup-package-bench
//   --make, or any cuDNN .tar.xz. Linux only (getrusage, /proc).

#include "install/InstallService.h"
#include "package/PackagePicker.h"
#include "package/PackageService.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <sys/resource.h>

namespace {

struct Sample
{
    double wall = 0;
    double cpu = 0;
    double peakMiB = 0;
};

double cpuSeconds(int who)
{
    rusage usage{};
    getrusage(who, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

/** Forgets this process's peak RSS so the next phase's own peak can be read (Linux 4.0 on). */
void resetPeakRss()
{
    QFile clear(QStringLiteral("/proc/self/clear_refs"));
    if (clear.open(QIODevice::WriteOnly))
        clear.write("5");
}

double peakRssMiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    }
    return 0;
}

QString makeToolkit(const QString& root)
{
    QDir().mkpath(root + QStringLiteral("/include"));
    QDir().mkpath(root + QStringLiteral("/lib"));
    QFile::link(QStringLiteral("lib"), root + QStringLiteral("/lib64"));
    QFile header(root + QStringLiteral("/include/cuda.h"));
    header.open(QIODevice::WriteOnly);
    header.write("#define CUDA_VERSION 13000\n");
    return root;
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : values.at(values.size() / 2);
}

Sample runShell(const QString& script, const QStringList& arguments)
{
    const double cpuBefore = cpuSeconds(RUSAGE_CHILDREN);
    QElapsedTimer timer;
    timer.start();
    const int status = QProcess::execute(QStringLiteral("sh"), QStringList{QStringLiteral("-c"), script} + arguments);
    Sample sample{timer.elapsed() / 1000.0, cpuSeconds(RUSAGE_CHILDREN) - cpuBefore, 0};
    if (status != 0)
        std::fprintf(stderr, "failed (%d): %s\n", status, qPrintable(script));
    return sample;
}

void print(const char* what, const QList<Sample>& samples, bool withPeak)
{
    QList<double> wall;
    QList<double> cpu;
    double peak = 0;
    for (const Sample& s : samples) {
        wall.append(s.wall);
        cpu.append(s.cpu);
        peak = std::max(peak, s.peakMiB);
    }
    std::printf("%-28s %7.2f s wall  %7.2f s CPU", what, median(wall), median(cpu));
    if (withPeak)
        std::printf("  peak RSS %.1f MiB", peak);
    std::printf("   (median of %lld)\n", static_cast<long long>(samples.size()));
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int runs = 3;
    if (args.size() >= 2 && args.first() == QLatin1String("--runs")) {
        runs = std::max(1, args.at(1).toInt());
        args = args.mid(2);
    }
    if (args.size() != 1) {
        std::fprintf(stderr, "usage: cudnn-setup-install-bench [--runs N] ARCHIVE.tar.xz\n");
        return 2;
    }
    const QString archive = QFileInfo(args.first()).absoluteFilePath();
    QTemporaryDir work;
    work.setAutoRemove(true);

    // The inspection the install needs first (the dry run's pass); timed for reference only.
    QElapsedTimer timer;
    timer.start();
    SystemSnapshot system;
    system.driver.found = true;
    system.driver.version = Version{580, 95, 5};
    system.driver.newestCuda = Version{13, 0};
    GpuInfo gpu;
    gpu.computeCapability = Version{8, 6};
    system.gpus.append(gpu);
    const PackageInspection inspection = PackageService::inspect(archive);
    const double inspectSeconds = timer.elapsed() / 1000.0;
    if (!inspection.readCompletely) {
        std::fprintf(stderr, "%s could not be read completely\n", qPrintable(archive));
        return 1;
    }
    qint64 entryBytes = 0;
    for (const PackageFile& file : inspection.files)
        entryBytes += file.entry.type == ArchiveEntry::Type::File ? file.entry.size : 0;
    std::printf("archive  %s\n         %.1f MiB compressed, %.1f MiB in %lld entries; inspected in %.2f s\n",
                qPrintable(archive),
                inspection.fileSize / 1048576.0,
                entryBytes / 1048576.0,
                static_cast<long long>(inspection.files.size()),
                inspectSeconds);

    // Interleaved, so a machine that gets busier or quieter during the run weighs on all three alike.
    QList<Sample> merges;
    QList<Sample> manual;
    QList<Sample> xz;
    for (int run = 0; run < runs; ++run) {
        const QString root
            = QFileInfo(makeToolkit(work.filePath(QStringLiteral("merge-%1").arg(run)))).canonicalFilePath();
        CudaToolkit toolkit;
        toolkit.root = root;
        toolkit.version = Version{13, 0};
        system.toolkits = {toolkit};
        PackageChoice choice;
        PackageCandidate candidate;
        candidate.inspection = inspection;
        candidate.fits.append({root, PackageService::validate(inspection, system, toolkit, true)});
        candidate.chosen = true;
        choice.candidates.append(candidate);
        choice.chosenIndex = 0;
        choice.toolkitRoot = root;

        resetPeakRss();
        const double cpuBefore = cpuSeconds(RUSAGE_SELF);
        timer.restart();
        const InstallResult result = InstallService::install(choice, system);
        merges.append({timer.elapsed() / 1000.0, cpuSeconds(RUSAGE_SELF) - cpuBefore, peakRssMiB()});
        if (result.status != InstallResult::Status::Ok) {
            std::fprintf(stderr, "the merge failed: %s\n", qPrintable(InstallResult::statusName(result.status)));
            for (const Diagnostic& d : result.diagnostics)
                std::fprintf(stderr, "  %s %s\n", qPrintable(d.code), qPrintable(d.message));
            return 1;
        }
        QDir(root).removeRecursively();

        const QString manualRoot = makeToolkit(work.filePath(QStringLiteral("manual-%1").arg(run)));
        const QString scratch = work.filePath(QStringLiteral("extract-%1").arg(run));
        QDir().mkpath(scratch);
        // NVIDIA's documented steps (cudnn-facts.md section 8), into a toolkit of our own, flushed like ours.
        manual.append(runShell(QStringLiteral("tar -xJf \"$0\" -C \"$1\" && cp -P \"$1\"/*/include/cudnn*.h "
                                              "\"$2\"/include/ && cp -P \"$1\"/*/lib/libcudnn* \"$2\"/lib64/ && "
                                              "chmod a+r \"$2\"/include/cudnn*.h \"$2\"/lib64/libcudnn* && "
                                              "sync -f \"$2\"/lib64"),
                               {archive, scratch, manualRoot}));
        QDir(manualRoot).removeRecursively();
        QDir(scratch).removeRecursively();

        xz.append(runShell(QStringLiteral("xz -dc -- \"$0\" > /dev/null"), {archive}));
        std::fprintf(stderr,
                     "run %d: merge %.2f s, manual %.2f s, xz -dc %.2f s\n",
                     run + 1,
                     merges.last().wall,
                     manual.last().wall,
                     xz.last().wall);
    }

    print("merge (cudnn-setup)", merges, true);
    print("manual (tar -xJf; cp -P)", manual, false);
    print("xz -dc > /dev/null", xz, false);
    const auto wallOf = [](const QList<Sample>& s) {
        QList<double> v;
        for (const Sample& x : s)
            v.append(x.wall);
        return median(v);
    };
    const auto cpuOf = [](const QList<Sample>& s) {
        QList<double> v;
        for (const Sample& x : s)
            v.append(x.cpu);
        return median(v);
    };
    std::printf("merge / xz -dc      %.2fx wall, %.2fx CPU\n", wallOf(merges) / wallOf(xz), cpuOf(merges) / cpuOf(xz));
    std::printf(
        "merge / manual      %.2fx wall, %.2fx CPU\n", wallOf(merges) / wallOf(manual), cpuOf(merges) / cpuOf(manual));
    return 0;
}
