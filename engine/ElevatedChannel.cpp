#include "ElevatedChannel.h"

#include "elevation/ElevationRequest.h"
#include "elevation/ElevationSession.h"
#include "elevation/ProgressLines.h"
#include "host/PrivateFiles.h"
#include "install/InstallLog.h"
#include "report/Report.h"

#include <QFile>

#ifdef Q_OS_WIN
#include <io.h>
#else
#include <unistd.h>
#endif

static void closeDescriptor(int fd)
{
#ifdef Q_OS_WIN
    ::_close(fd);
#else
    ::close(fd);
#endif
}

ElevatedChannel::ElevatedChannel()
    : m_log(std::make_unique<FileInstallLog>())
    , m_progress(std::make_unique<ProgressLineWriter>())
    , m_report(std::make_unique<QFile>())
{
}

ElevatedChannel::~ElevatedChannel() = default;

InstallLog* ElevatedChannel::log()
{
    return m_log.get();
}

ProgressSink* ElevatedChannel::progress()
{
    return m_progress.get();
}

bool ElevatedChannel::open(const ElevationRequest& request, QString* error)
{
    const int report = PrivateFiles::createForInvokingUser(request.reportFile, error);
    if (report < 0)
        return false;
    if (!m_report->open(report, QIODevice::WriteOnly, QFileDevice::AutoCloseHandle)) {
        closeDescriptor(report);
        *error = m_report->errorString();
        return false;
    }
    const int log = PrivateFiles::createForInvokingUser(request.logFile, error);
    if (log < 0 || !m_log->adopt(log, error)) {
        if (log >= 0)
            closeDescriptor(log);
        return false;
    }
    const int progress = PrivateFiles::createForInvokingUser(request.progressFile, error);
    if (progress < 0 || !m_progress->adopt(progress, error)) {
        if (progress >= 0)
            closeDescriptor(progress);
        return false;
    }
    m_token = request.token;
    return true;
}

bool ElevatedChannel::writeReport(const Report& report, QString* error)
{
    Report tokened = report;
    tokened.setSection(ElevationSession::reportSection(), QJsonObject{{QStringLiteral("token"), m_token}});
    if (m_report->isOpen() && m_report->seek(0) && m_report->resize(0) && m_report->write(tokened.toJsonBytes()) >= 0
        && m_report->flush())
        return true;
    *error = m_report->isOpen() ? m_report->errorString() : QStringLiteral("no report file");
    return false;
}
