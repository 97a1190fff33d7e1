#pragma once

#include "package/PackageChoice.h"

#include <QCoreApplication>
#include <QJsonObject>

class Report;

/** An archive judged for a machine described by its own detect file: with that machine's rules, nothing of this one. */
struct MachineJudgement
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
    /** The package sections of the choice and "machine". */
    void addToReport(Report& report) const;
};

/** An archive (or a folder of them) to judge for machines described by their own detect files. */
struct MachineRequest
{
    QString package;
    QString machineFile; // --for-machine: one machine
    QString machineFolder; // --for-machines: every *.json in it
    std::optional<QString> cudaRoot; // the toolkit, in the machines' own spelling
    bool force = false;
};

/** The archive judged for each machine: read once, judged with each machine's rules, nothing of this machine. */
struct MachinesJudgement
{
    Q_DECLARE_TR_FUNCTIONS(MachinesJudgement)

public:
    enum class Problem {
        None,
        NoArchive, // nothing at the package path is a cuDNN archive
        NoMachines, // the folder holds no *.json (or is not there)
    };

    Problem problem = Problem::None;
    QList<PackageInspection> inspections;
    QList<MachineJudgement> machines; // in file name order

    bool allFit() const;
    /**
     * What holds the archive off each machine it does not fit, the machine's name first; a file that describes no
     * machine as PKG-MACHINE-UNREADABLE.
     */
    Diagnostics diagnostics() const;
};
