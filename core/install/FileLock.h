#pragma once

#include <QString>

/**
 * An exclusive lock held by the operating system on an open file (flock on POSIX, LockFileEx on Windows): it goes
 * with the process, so a run that died (kill -9, a power cut) never holds it, and what the file holds (empty,
 * garbage, another program's words) never decides anything. The holder writes its process id into it, only to name
 * itself to a run it keeps out.
 */
class FileLock
{
public:
    enum class Result {
        Locked,
        Busy, // another live process holds it
        Denied, // the file cannot be opened or created here
    };

    explicit FileLock(QString path);
    ~FileLock();
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;

    /** Takes the lock without waiting. */
    Result tryLock(QString* error);
    /** Removes the file while it is still held (so nobody waits on a file that is gone), then lets go. */
    void unlock();
    bool isLocked() const;
    /** The process id the holder wrote; 0 when the file names none (a holder that has not written it yet). */
    qint64 holderPid() const;

private:
    QString m_path;
#ifdef Q_OS_WIN
    void* m_handle = nullptr;
#else
    int m_fd = -1;
#endif
};
