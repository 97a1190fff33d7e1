#pragma once

#include "CommandLine.h"
#include "engine/Engine.h"

#include <QCoreApplication>
#include <QTextStream>

/**
 * `--silent --fetch`: the engine reads the manifests of NVIDIA's redist root (or --mirror / --manifest), chooses
 * the archive with the package rules, and downloads it into the cache (or finds it there, verified); this says
 * what it did. The outcome's archive goes on to the install exactly as `--package FILE` would. A dry run
 * downloads nothing (an archive already in the cache, verified, is still handed on so the plan can be shown).
 */
class FetchCommand
{
    Q_DECLARE_TR_FUNCTIONS(FetchCommand)

public:
    FetchCommand(const Engine& engine, QTextStream& out, QTextStream& err);

    FetchOutcome run(const Invocation& invocation, const SystemSnapshot& system, ProgressSink* progress);

private:
    const Engine& m_engine;
    QTextStream& m_out;
    QTextStream& m_err;
};
