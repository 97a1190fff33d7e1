#pragma once

#include "package/Sha256.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QFile>

/**
 * Writes one file under a new name (never over anything: an existing entry, a link included, makes open() fail),
 * hashing every byte on its way to the disk. finish() flushes it to the disk, gives it its mode and checks it is
 * exactly the size and SHA-256 the plan expects; anything else leaves no file behind.
 */
class FileWriter
{
    Q_DECLARE_TR_FUNCTIONS(FileWriter)

public:
    /** Off: the content's SHA-256 is someone else's business (the inspector hashes what it stages). */
    enum class Hashing {
        On,
        Off,
    };

    explicit FileWriter(Hashing hashing = Hashing::On)
        : m_hashing(hashing)
    {
    }
    ~FileWriter();
    FileWriter(const FileWriter&) = delete;
    FileWriter& operator=(const FileWriter&) = delete;

    bool open(const QString& path);
    bool write(QByteArrayView block);
    /** expectedSha256 may be empty (a copy whose hash is learnt here). */
    bool finish(int mode, qint64 expectedSize, const QString& expectedSha256);
    /** Closes and removes the file. */
    void abort();

    QString path() const { return m_path; }
    qint64 size() const { return m_size; }
    QString sha256() const { return m_sha256; } // empty with Hashing::Off
    QString errorString() const { return m_error; }
    /** The last failure came from content that is not what was expected (rather than from the disk). */
    bool contentMismatch() const { return m_mismatch; }
    /** The last failure was the disk (or the user's quota) being full. */
    bool noSpace() const { return m_noSpace; }

    /** 0755 for what the archive marks executable, 0644 for the rest: readable by everyone, writable by the owner. */
    static int installMode(int archiveMode);

private:
    bool fail(const QString& error, bool mismatch = false);

    Hashing m_hashing;
    QString m_path;
    QFile m_file;
    Sha256 m_hash;
    qint64 m_size = 0;
    QString m_sha256;
    QString m_error;
    bool m_mismatch = false;
    bool m_noSpace = false;
    bool m_created = false; // this writer made the file and has not handed it over yet
};
