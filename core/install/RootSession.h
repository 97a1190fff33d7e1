#pragma once

#include "Manifest.h"
#include "ToolkitState.h"

#include <QCoreApplication>

class InstallLog;
class OperationFactory;
struct InstallResult;

/**
 * One run's hold on one root, for as long as it lives: the lock taken, a transaction an earlier run left behind
 * finished or rolled back first, and the manifest read. Install, deploy, uninstall and recovery all begin here.
 */
class RootSession
{
    Q_DECLARE_TR_FUNCTIONS(RootSession)

public:
    RootSession(const QString& root, const OperationFactory& factory, InstallLog* log);

    /** False when the root cannot be worked on now; result then holds the status and the diagnostics. */
    bool open(InstallResult& result);

    ToolkitState& state() { return m_state; }
    Manifest& manifest() { return m_manifest; }
    /** An earlier run's transaction was found and dealt with. */
    bool recovered() const { return m_recovered; }

private:
    ToolkitState m_state;
    const OperationFactory& m_factory;
    InstallLog* m_log;
    Manifest m_manifest;
    bool m_recovered = false;
};
