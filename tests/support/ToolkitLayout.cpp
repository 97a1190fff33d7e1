#include "ToolkitLayout.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtTest>

QString ToolkitLayout::listingPath(const QString& name)
{
    return QStringLiteral(CUDNN_SETUP_SOURCE_DIR "/tests/support/layouts/") + name + QStringLiteral(".listing");
}

static void writeStub(const QString& path, const QByteArray& contents)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(contents) != contents.size())
        qFatal("cannot write %s", qPrintable(path));
}

QString ToolkitLayout::layOut(const QString& listingName,
                              const QString& systemRoot,
                              const QString& at,
                              const QMap<QString, QByteArray>& contents)
{
    QFile listing(listingPath(listingName));
    if (!listing.open(QIODevice::ReadOnly | QIODevice::Text))
        qFatal("missing toolkit listing %s", qPrintable(listing.fileName()));
    const QString root = QDir::cleanPath(systemRoot + QLatin1Char('/') + at);
    QDir().mkpath(root);
    while (!listing.atEnd()) {
        const QString line = QString::fromUtf8(listing.readLine()).chopped(1);
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const QStringList fields = line.split(QLatin1Char('\t'));
        if (fields.size() != 4 || fields.at(2).isEmpty() || fields.at(2).contains(QLatin1String("..")))
            qFatal("bad listing line in %s: %s", qPrintable(listing.fileName()), qPrintable(line));
        const QString relative = fields.at(2);
        const QString path = root + QLatin1Char('/') + relative;
        QDir().mkpath(QFileInfo(path).path());
        if (fields.at(0) == QLatin1String("d")) {
            QDir().mkpath(path);
        } else if (fields.at(0) == QLatin1String("l")) {
            const QString target = fields.at(3);
            const QString written = QDir::isAbsolutePath(target) ? QDir::cleanPath(systemRoot + target) : target;
            if (!QFile::link(written, path))
                qFatal("cannot link %s -> %s", qPrintable(path), qPrintable(written));
        } else {
            writeStub(path,
                      contents.contains(relative) ? contents.value(relative)
                                                  : QByteArray("stub of a ") + fields.at(1).toUtf8() + " byte file\n");
        }
    }
    for (auto it = contents.cbegin(); it != contents.cend(); ++it) {
        const QString path = root + QLatin1Char('/') + it.key();
        if (!QFileInfo::exists(path)) {
            QDir().mkpath(QFileInfo(path).path());
            writeStub(path, it.value());
        }
    }
    return root;
}

QByteArray ToolkitLayout::cudaHeader(int major, int minor)
{
    return "#define CUDA_VERSION " + QByteArray::number(major * 1000 + minor * 10) + "\n";
}

QByteArray ToolkitLayout::cudnnVersionHeader(int major, int minor, int patch)
{
    return "#define CUDNN_MAJOR " + QByteArray::number(major) + "\n#define CUDNN_MINOR " + QByteArray::number(minor)
        + "\n#define CUDNN_PATCHLEVEL " + QByteArray::number(patch) + "\n";
}
