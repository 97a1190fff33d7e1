#include "TestTree.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtTest>

TestTree::TestTree()
{
    m_dir.setAutoRemove(true);
}

QString TestTree::path(const QString& relative) const
{
    return QDir(m_dir.path()).filePath(relative);
}

QString TestTree::writeFile(const QString& relative, const QByteArray& contents)
{
    const QString file = path(relative);
    QDir().mkpath(QFileInfo(file).absolutePath());
    QFile out(file);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) || out.write(contents) != contents.size())
        qFatal("cannot write test file %s", qPrintable(file));
    return file;
}

QString TestTree::makeDir(const QString& relative)
{
    const QString dir = path(relative);
    QDir().mkpath(dir);
    return dir;
}

QString TestTree::symlink(const QString& relative, const QString& target)
{
    const QString link = path(relative);
    QDir().mkpath(QFileInfo(link).absolutePath());
    QFile::remove(link);
    if (!QFile::link(target, link))
        qFatal("cannot create link %s -> %s", qPrintable(link), qPrintable(target));
    return link;
}

QString testDataPath(const QString& relative)
{
    return QDir(qEnvironmentVariable("CUDNN_SETUP_TEST_DATA")).filePath(relative);
}

QByteArray testData(const QString& relative)
{
    QFile file(testDataPath(relative));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing test data %s", qPrintable(file.fileName()));
    return file.readAll();
}
