// Runs a fuzz target's function over files and folders of inputs (the seed corpus and the stored findings), without
// libFuzzer: `fuzz_replay_<target> DIR|FILE...`. Exits 0 when every input went through; a crash or a broken
// property aborts with the input's name on stderr.

#include "FuzzTarget.h"

#include <QDirIterator>
#include <QFile>
#include <QStringList>
#include <cstdio>
#include <cstdlib>

namespace {
QByteArray g_current;
}

[[noreturn]] void FuzzTarget::violated(const char* what)
{
    std::fprintf(stderr, "property violated: %s (input %s)\n", what, g_current.constData());
    std::abort();
}

int main(int argc, char** argv)
{
    QStringList inputs;
    for (int i = 1; i < argc; ++i) {
        const QString arg = QString::fromLocal8Bit(argv[i]);
        if (!QFileInfo::exists(arg))
            continue; // a target with no stored finding has no regressions folder
        if (QFileInfo(arg).isDir()) {
            QDirIterator it(arg, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
            while (it.hasNext())
                inputs.append(it.next());
        } else {
            inputs.append(arg);
        }
    }
    inputs.sort();
    int replayed = 0;
    for (const QString& path : inputs) {
        if (path.endsWith(QLatin1String("README.md")))
            continue;
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "cannot read %s\n", qPrintable(path));
            return 2;
        }
        const QByteArray data = file.readAll();
        g_current = path.toLocal8Bit();
        std::fprintf(stderr, "%s\n", g_current.constData());
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(data.constData()), std::size_t(data.size()));
        ++replayed;
    }
    std::printf("replayed %d inputs\n", replayed);
    return replayed > 0 ? 0 : 1; // no input at all means the corpus went missing
}
