#pragma once

#include "CommandLine.h"
#include "ExitCode.h"
#include "engine/Engine.h"

#include <QCoreApplication>
#include <QTextStream>
#include <cstdio>

/**
 * `cudnn-setup --explain [TEXT...] [--from FILE|-] [--json] [--repair]`: the text a program printed, read from the
 * arguments, a file or standard input (a pipe, or pasted into the terminal), against this machine: the messages
 * recognised, the cause of each here, most likely first, with its evidence and fix. Exit 0 a cause found, 10
 * recognised but no cause here, 11 not recognised.
 */
class ExplainCommand
{
    Q_DECLARE_TR_FUNCTIONS(ExplainCommand)

public:
    ExplainCommand(const Engine& engine, QTextStream& out, QTextStream& err, std::FILE* in = stdin);
    ExitCode run(const Invocation& invocation);

    /** What a person reads in a terminal: each message, then each cause with its evidence, fix and environments. */
    static QString summary(const ExplainOutcome& outcome);

private:
    /** The request: the text from the arguments, or the file, or standard input, read no further than the limit. */
    ExplainRequest request(const Invocation& invocation) const;
    QByteArray readInput() const;

    const Engine& m_engine;
    QTextStream& m_out;
    QTextStream& m_err;
    std::FILE* m_in;
};
