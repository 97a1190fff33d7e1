#pragma once

#include <QFile>
#include <QString>
#include <QStringList>
#include <QtGlobal>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/**
 * The unprivileged side of the elevation tests, without touching the machine's user database: the test process
 * (root in CI) takes nobody's ids (65534) as its effective ids only, so it is bound by the permissions like any
 * student, while its real uid stays 0 and the test launcher it starts (elevation-test-launcher) can become root as
 * pkexec would. Restored when it goes.
 */
class EffectiveNobody
{
public:
    static constexpr uid_t Id = 65534;

    EffectiveNobody()
    {
        m_active = ::geteuid() == 0 && ::setresgid(gid_t(-1), Id, gid_t(-1)) == 0
            && ::setresuid(uid_t(-1), Id, uid_t(-1)) == 0;
    }
    ~EffectiveNobody()
    {
        if (m_active && (::setresuid(uid_t(-1), 0, uid_t(-1)) != 0 || ::setresgid(gid_t(-1), 0, gid_t(-1)) != 0))
            qFatal("cannot become root again");
    }
    EffectiveNobody(const EffectiveNobody&) = delete;
    EffectiveNobody& operator=(const EffectiveNobody&) = delete;
    bool active() const { return m_active; }

private:
    bool m_active = false;
};

/** The path of the built stand-in for pkexec (CUDNN_SETUP_TEST_LAUNCHER). */
inline QString testLauncher()
{
    return qEnvironmentVariable("CUDNN_SETUP_TEST_LAUNCHER");
}

/** Lets nobody into a folder root made for the test (QTemporaryDir makes them 0700). */
inline void letNobodyIn(const QString& folder)
{
    QFile::setPermissions(folder,
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                              | QFileDevice::ReadGroup | QFileDevice::ExeGroup | QFileDevice::ReadOther
                              | QFileDevice::ExeOther);
}

/** A folder of the test's own that nobody owns (a home, a TMPDIR). */
inline QString nobodysFolder(const QString& path)
{
    ::mkdir(QFile::encodeName(path).constData(), 0700);
    if (::chown(QFile::encodeName(path).constData(), EffectiveNobody::Id, EffectiveNobody::Id) != 0)
        qFatal("cannot give %s to nobody", qPrintable(path));
    return path;
}
