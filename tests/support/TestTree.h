#pragma once

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>

/** A temporary directory tree that a test fills with files and links; removed when the test ends. */
class TestTree
{
public:
    TestTree();
    bool isValid() const { return m_dir.isValid(); }
    QString root() const { return m_dir.path(); }
    QString path(const QString& relative) const;

    /** Creates parent directories; returns the absolute path. */
    QString writeFile(const QString& relative, const QByteArray& contents);
    QString makeDir(const QString& relative);
    /** A symbolic link at relative pointing at target (as written, usually relative). */
    QString symlink(const QString& relative, const QString& target);

private:
    QTemporaryDir m_dir;
};

/** The content of a test data file under tests/data (CUDNN_SETUP_TEST_DATA). */
QByteArray testData(const QString& relative);
QString testDataPath(const QString& relative);
