#pragma once

#include "detect/FrameworkVerdict.h"
#include "repair/PythonConsumers.h"

#include <QCoreApplication>

/**
 * The prediction checked against what an interpreter really did: for each verdict whose environment holds an
 * interpreter that answered the deep check (PythonConsumers: a child Python with a time limit that imports the
 * framework and lists the cuDNN files its process mapped), the cuDNN it loaded goes next to the predicted one, and a
 * disagreement is a finding of its own (FW-LOADED-DIFFERS).
 */
class FrameworkConfirmation
{
    Q_DECLARE_TR_FUNCTIONS(FrameworkConfirmation)

public:
    /** The interpreter of an environment root: bin/python3 (Linux), python.exe or Scripts\python.exe (Windows). */
    static QString interpreterOf(const QString& environment, OsFlavor os);
    static void confirm(FrameworkVerdicts& verdicts, const QList<PythonConsumer>& consumers);
};
