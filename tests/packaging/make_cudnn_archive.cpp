#include "ArchiveBuilder.h"

#include <QCoreApplication>
#include <QDir>
#include <QTextStream>

/**
 * Writes a small synthetic cuDNN archive, laid out and named as NVIDIA's Linux redistributable, for the scripts
 * that test deployment from outside (installer/ansible/test-role.sh): `make_cudnn_archive FOLDER [CUDA_MAJOR]`
 * prints the archive's path. The libraries are stand-ins that name libcudart.so.<CUDA_MAJOR> (default 13), so the
 * package fits a CUDA toolkit of that major and no other.
 */
int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    QTextStream err(stderr);
    if (args.size() < 2 || args.size() > 3) {
        err << "usage: make_cudnn_archive FOLDER [CUDA_MAJOR]\n";
        return 2;
    }
    CudnnArchiveSpec spec; // cuDNN 9.19.0.56, Linux x86-64, tar.xz
    spec.cuda = args.size() == 3 ? args.at(2) : QStringLiteral("13");
    bool numeric = false;
    spec.cuda.toInt(&numeric);
    if (!numeric) {
        err << "CUDA_MAJOR must be a number such as 13, not " << spec.cuda << '\n';
        return 2;
    }
    spec.libraryPayload = "libcudart.so." + spec.cuda.toUtf8();
    const QDir folder(args.at(1));
    if (!folder.exists() && !QDir().mkpath(folder.path())) {
        err << "cannot create " << folder.path() << '\n';
        return 1;
    }
    const QString path = folder.absoluteFilePath(spec.fileName());
    spec.build().write(path); // stops the program with a message on any error
    QTextStream(stdout) << path << '\n';
    return 0;
}
