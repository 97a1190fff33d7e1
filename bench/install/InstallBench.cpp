// cudnn-setup-install-bench [--runs N] ARCHIVE
//   Times what a deployment script runs, as a whole process, N times interleaved with the two things it is
//   compared with, on the same archive, each into a fresh toolkit:
//     cudnn-setup --silent --package ARCHIVE --cuda-root T --path-scope none --no-benchmark --no-verify
//     the manual way (tar -xJf into a temporary folder, cp -P into the toolkit, chmod a+r, sync)
//     xz -dc ARCHIVE > /dev/null (decompression alone: the floor)
//   Prints each one's median wall and CPU time, the silent command's peak RSS (/usr/bin/time), and the ratios. Then
//   the same install from a folder that also holds an archive its name rules out (read once, like one archive), then
//   the wizard's re-judge after a toolkit switch (the same archive judged for a second toolkit, and how many reads
//   that took), and a silent run whose --cuda-root does not exist (how long until it says so).
//   The archive: /tmp/pkgbench/cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz from cudnn-setup-package-bench
//   --make, or any cuDNN .tar.xz for CUDA 13. Linux only (getrusage, /usr/bin/time).

#include "install/PackageService.h"
#include "package/ArchiveReader.h"

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

/** Runs a shell script as a whole process; with peakFile, under /usr/bin/time, which writes its peak RSS there. */
Sample runShell(const QString& script, const QStringList& arguments, const QString& peakFile = {}, int expect = 0)
{
    const double cpuBefore = cpuSeconds(RUSAGE_CHILDREN);
    QElapsedTimer timer;
    timer.start();
    QStringList command{QStringLiteral("sh"), QStringLiteral("-c"), script};
    if (!peakFile.isEmpty())
        command = QStringList{QStringLiteral("/usr/bin/time"),
                              QStringLiteral("-f"),
                              QStringLiteral("%M"),
                              QStringLiteral("-o"),
                              peakFile}
            + command;
    const int status = QProcess::execute(command.first(), command.mid(1) + arguments);
    Sample sample{timer.elapsed() / 1000.0, cpuSeconds(RUSAGE_CHILDREN) - cpuBefore, 0};
    if (status != expect)
        std::fprintf(stderr, "exit %d, not %d: %s\n", status, expect, qPrintable(script));
    if (!peakFile.isEmpty()) {
        QFile peak(peakFile);
        if (peak.open(QIODevice::ReadOnly))
            sample.peakMiB = peak.readAll().trimmed().split('\n').last().toDouble() / 1024.0;
    }
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
    const QString program = QCoreApplication::applicationDirPath() + QStringLiteral("/cudnn-setup");
    QTemporaryDir work;
    work.setAutoRemove(true);
    std::printf("archive  %s (%.1f MiB)\n", qPrintable(archive), QFileInfo(archive).size() / 1048576.0);

    // Interleaved, so a machine that gets busier or quieter during the run weighs on all three alike.
    QList<Sample> silent;
    QList<Sample> manual;
    QList<Sample> xz;
    for (int run = 0; run < runs; ++run) {
        const QString root = makeToolkit(work.filePath(QStringLiteral("silent-%1").arg(run)));
        silent.append(runShell(QStringLiteral("\"$0\" --silent --package \"$1\" --cuda-root \"$2\" --path-scope none "
                                              "--no-benchmark --no-verify > /dev/null"),
                               {program, archive, root},
                               work.filePath(QStringLiteral("peak"))));
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
                     "run %d: silent install %.2f s, manual %.2f s, xz -dc %.2f s\n",
                     run + 1,
                     silent.last().wall,
                     manual.last().wall,
                     xz.last().wall);
    }

    print("cudnn-setup --silent", silent, true);
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
    std::printf("silent / xz -dc      %.2fx wall, %.2fx CPU\n", wallOf(silent) / wallOf(xz), cpuOf(silent) / cpuOf(xz));
    std::printf(
        "silent / manual      %.2fx wall, %.2fx CPU\n", wallOf(silent) / wallOf(manual), cpuOf(silent) / cpuOf(manual));

    // A lab's folder: this archive and one the name rules out (the same bytes, named for CUDA 12), given as
    // --package DIR. Only the fitting one is read, and only once.
    const QString name = QFileInfo(archive).fileName();
    if (name.contains(QLatin1String("_cuda13"))) {
        const QString lab = work.filePath(QStringLiteral("lab"));
        QDir().mkpath(lab);
        QFile::link(archive, lab + QLatin1Char('/') + name);
        QFile::link(archive,
                    lab + QLatin1Char('/') + QString(name).replace(QLatin1String("_cuda13"), QLatin1String("_cuda12")));
        QList<Sample> folder;
        for (int run = 0; run < runs; ++run) {
            const QString root = makeToolkit(work.filePath(QStringLiteral("folder-%1").arg(run)));
            folder.append(
                runShell(QStringLiteral("\"$0\" --silent --package \"$1\" --cuda-root \"$2\" --path-scope none "
                                        "--no-benchmark --no-verify > /dev/null"),
                         {program, lab, root}));
            QDir(root).removeRecursively();
        }
        print("--package DIR (2 archives)", folder, false);
        std::printf("folder / one archive %.2fx wall\n", wallOf(folder) / wallOf(silent));
    }

    // The wizard: a package chosen for one toolkit, then the user switches to another.
    SystemSnapshot system;
    system.driver.found = true;
    system.driver.version = Version{580, 95, 5};
    system.driver.newestCuda = Version{13, 0};
    GpuInfo gpu;
    gpu.computeCapability = Version{8, 6};
    system.gpus.append(gpu);
    for (const char* name : {"cuda-a", "cuda-b"}) {
        CudaToolkit toolkit;
        toolkit.root = QFileInfo(makeToolkit(work.filePath(QLatin1String(name)))).canonicalFilePath();
        toolkit.version = Version{13, 0};
        system.toolkits.append(toolkit);
    }
    QElapsedTimer timer;
    const int readsBefore = ArchiveReader::opened();
    timer.start();
    PackageService::pick(archive, system, system.toolkits.at(0).root, false);
    const double first = timer.nsecsElapsed() / 1e6;
    const int readsFirst = ArchiveReader::opened() - readsBefore;
    timer.restart();
    PackageService::pick(archive, system, system.toolkits.at(1).root, false);
    const double second = timer.nsecsElapsed() / 1e6;
    std::printf("wizard: judged for a toolkit %.0f ms (%d read), re-judged after a switch %.1f ms (%d reads)\n",
                first,
                readsFirst,
                second,
                ArchiveReader::opened() - readsBefore - readsFirst);

    // A --cuda-root that does not exist: said before the archive is read.
    QList<Sample> missing;
    for (int run = 0; run < 5; ++run)
        missing.append(runShell(QStringLiteral("\"$0\" --silent --package \"$1\" --cuda-root \"$2\" > /dev/null"),
                                {program, archive, work.filePath(QStringLiteral("no-such-toolkit"))},
                                {},
                                8));
    QList<double> missingWall;
    for (const Sample& x : missing)
        missingWall.append(x.wall);
    std::printf("missing --cuda-root: exit 8 after %.0f ms (median of 5)\n", median(missingWall) * 1000);
    return 0;
}
