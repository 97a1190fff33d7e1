#pragma once

#include "CommandLine.h"
#include "engine/ExitCode.h"
#include "package/PackagePicker.h"

#include <QCoreApplication>
#include <QTextStream>

class Report;

/**
 * --dry-run --package ARCHIVE --for-machine FILE | --for-machines DIR: the archive judged for machines described by
 * their own detect JSON, with that machine's rules (a Windows file is judged as Windows) and nothing of this machine
 * detected. The archive is inspected once. Exit 0 (planned) when it fits every machine, 3 (rejected) otherwise.
 */
class MachineJudge
{
    Q_DECLARE_TR_FUNCTIONS(MachineJudge)

public:
    MachineJudge(QTextStream& out, QTextStream& err);
    /** Fills the report (status, package, verdict or machines, diagnostics) and prints the verdict. */
    ExitCode run(const Invocation& invocation, Report& report);

private:
    struct Judgement
    {
        QString file;
        QString name; // the file's base name: lab01.json -> lab01
        QString error; // set when the file could not be read as a machine
        OsFlavor os = OsFlavor::Linux;
        QString redistPlatform;
        PackageChoice choice;

        bool fits() const { return error.isEmpty() && choice.ok(); }
        /** The verdict that decided: the chosen one, else the first the archive got. */
        const PackageVerdict* verdict() const;
        QJsonObject toJson() const;
    };

    Judgement
    judge(const QString& file, const QList<PackageInspection>& inspections, const Invocation& invocation) const;
    ExitCode one(const Invocation& invocation, const QList<PackageInspection>& inspections, Report& report);
    ExitCode many(const Invocation& invocation, const QList<PackageInspection>& inspections, Report& report);
    /** The first reason a machine does not fit, as a line of the table. */
    static QString firstReason(const Judgement& judgement);

    QTextStream& m_out;
    QTextStream& m_err;
};
