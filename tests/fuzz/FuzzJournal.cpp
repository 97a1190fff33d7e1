// The install journal and the manifest as recovery and uninstall read them back after a crash, over arbitrary
// JSON, with a property: whatever the bytes, acting on them never touches anything outside the toolkit root, nor a
// file of the root when the bytes name neither it nor a folder it lies in. Each input is tried twice on a fresh
// toolkit: as journal.json (Transaction::recover, as the next run does) and as manifest.json (a forced uninstall).
// The toolkit holds lib/evil, a link to the folder outside: a path through it must be refused, whatever names it.
// "@ROOT@" in an input stands for the toolkit's path, so the seeds can name its files.

#include "FuzzTarget.h"
#include "install/FileSystem.h"
#include "install/InstallService.h"
#include "install/ToolkitState.h"
#include "install/Transaction.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

namespace {

/** A file that must survive, unless the input names it; its path relative to the sandbox. */
struct Sentinel
{
    QString path;
    QByteArray content;
    bool insideRoot;
};

const QList<Sentinel>& sentinels()
{
    static const QList<Sentinel> list{
        {QStringLiteral("outside/keep.txt"), "not cudnn-setup's", false},
        {QStringLiteral("keep-beside.txt"), "not cudnn-setup's either", false},
        {QStringLiteral("cuda-13.0/include/cuda.h"), "#define CUDA_VERSION 13000\n", true},
        {QStringLiteral("cuda-13.0/lib/mine.txt"), "the user's", true},
        {QStringLiteral("cuda-13.0/extras/demo/keep.cu"), "the user's too", true},
        {QStringLiteral("cuda-13.0/lib/libcudnn.so.9.19.0"), "installed", true},
        {QStringLiteral("cuda-13.0/.cudnn-setup/backup/20261201-120000-000-abcdef/lib/libcudnn.so.9.19.0"),
         "older",
         true},
    };
    return list;
}

QString sandbox()
{
    static QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/cudnn-setup-fuzz-journal-XXXXXX"));
    static const QString canonical = QFileInfo(dir.path()).canonicalFilePath();
    return canonical;
}

QString root()
{
    return sandbox() + QStringLiteral("/cuda-13.0");
}

void write(const QString& path, const QByteArray& content)
{
    QDir().mkpath(FileSystem::parentOf(path));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(content) != content.size())
        FuzzTarget::violated("cannot set up the sandbox");
}

void resetSandbox()
{
    FileSystem::removeTree(root());
    for (const Sentinel& s : sentinels())
        write(sandbox() + QLatin1Char('/') + s.path, s.content);
    FileSystem::removeEntry(root() + QStringLiteral("/lib/libcudnn.so.9"));
    QFile::link(QStringLiteral("libcudnn.so.9.19.0"), root() + QStringLiteral("/lib/libcudnn.so.9"));
    // A folder link the user planted to a folder outside (#27): no recorded path may lead through it.
    QFile::link(QStringLiteral("../../outside"), root() + QStringLiteral("/lib/evil"));
}

void checkSentinels(const QByteArray& input)
{
    for (const Sentinel& s : sentinels()) {
        const QStringList names = s.path.split(QLatin1Char('/')).mid(1); // below the root
        if (s.insideRoot && std::any_of(names.cbegin(), names.cend(), [&](const QString& name) {
                return input.contains(name.toUtf8());
            }))
            continue; // the input names it or a folder it is in: recovery or uninstall may move it
        QFile file(sandbox() + QLatin1Char('/') + s.path);
        if (!file.open(QIODevice::ReadOnly) || file.readAll() != s.content) {
            static QByteArray what;
            what = "a file the input does not name was changed: " + s.path.toUtf8();
            FuzzTarget::violated(what.constData());
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    QByteArray input(reinterpret_cast<const char*>(data), qsizetype(size));
    input.replace("@ROOT@", root().toUtf8());

    resetSandbox();
    write(root() + QStringLiteral("/.cudnn-setup/journal.json"), input);
    {
        ToolkitState state(root());
        QString error;
        if (state.lock(&error) == ToolkitState::LockResult::Locked)
            (void)Transaction::recover(state, OperationFactory{});
    }
    checkSentinels(input);

    resetSandbox();
    write(root() + QStringLiteral("/.cudnn-setup/manifest.json"), input);
    InstallOptions options;
    options.force = true; // takes back even what changed: the most a manifest can make it do
    (void)InstallService::uninstall(root(), options);
    checkSentinels(input);
    return 0;
}
