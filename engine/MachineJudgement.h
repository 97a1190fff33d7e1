#pragma once

#include "package/PackagePicker.h"

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
