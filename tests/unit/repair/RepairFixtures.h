#pragma once

#include "../install/InstallFixtures.h"
#include "detect/CudnnInstallScanner.h"
#include "repair/RepairScanner.h"
#include "repair/RepairService.h"

/** Shared by the repair tests: a toolkit installed by cudnn-setup, then damaged the ways users damage them. */
namespace RepairFixtures {

using namespace InstallFixtures;

/** What detection would report for these toolkits (the real scanner over the real files). */
inline SystemSnapshot detected(const QStringList& roots)
{
    SystemSnapshot system = machineWith(roots);
    const CudnnInstallScanner scanner(OsFlavor::Linux);
    for (const QString& root : roots) {
        for (const CudnnInstall& install : scanner.scanToolkit(root)) {
            system.cudnnInstalls.append(install);
            system.diagnostics.append(install.diagnostics());
        }
    }
    return system;
}

inline RepairScan scan(const QString& root, const QString& package = {})
{
    RepairScanOptions options;
    options.roots = {root};
    options.package = package;
    return RepairScanner(options).scan(detected({root}));
}

inline QStringList codesOf(const RepairScan& scan)
{
    QStringList codes;
    for (const RepairFinding& finding : scan.findings)
        codes.append(finding.diagnostic.code);
    return codes;
}

inline QByteArray describe(const RepairScan& scan)
{
    QByteArray text;
    for (const RepairFinding& f : scan.findings)
        text += "\n  " + f.diagnostic.code.toUtf8() + " [" + RepairFinding::remedyName(f.remedy).toUtf8()
            + "]: " + f.diagnostic.message.toUtf8() + (f.manualStep.isEmpty() ? "" : " / " + f.manualStep.toUtf8());
    return text;
}

inline QByteArray describe(const RepairResult& result)
{
    QByteArray text = RepairResult::statusName(result.status).toUtf8();
    for (const Diagnostic& d : result.diagnostics)
        text += "\n  " + d.code.toUtf8() + ": " + d.message.toUtf8();
    return text;
}

/** Replaces the link at path by a copy of the file it leads to (what `cp` without -P leaves). */
inline void flatten(const QString& path)
{
    const QString real = QFileInfo(path).canonicalFilePath();
    QVERIFY(QFile::remove(path));
    QVERIFY(QFile::copy(real, path));
}

/** The lines only one listing has, for a failure message. */
inline QByteArray difference(const QString& actual, const QString& expected)
{
    const QStringList a = actual.split(QLatin1Char('\n'));
    const QStringList e = expected.split(QLatin1Char('\n'));
    QByteArray text;
    for (const QString& line : a) {
        if (!e.contains(line))
            text += "\n  + " + line.toUtf8();
    }
    for (const QString& line : e) {
        if (!a.contains(line))
            text += "\n  - " + line.toUtf8();
    }
    return text;
}

inline void chmod600(const QString& path)
{
    QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
}

} // namespace RepairFixtures
