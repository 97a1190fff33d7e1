#pragma once

#include "report/Diagnostic.h"

#include <QCoreApplication>

/** How the terminal lists what a finding of several things is about, under its line. */
class FindingText
{
    Q_DECLARE_TR_FUNCTIONS(FindingText)

public:
    /**
     * "      affects 9: libcudnn.so.9, libcudnn_ops.so.9, ..." indented by `indent` spaces and ending in a new line,
     * for a finding of one cause about several things (Diagnostic::subjects); empty for a finding about one thing,
     * whose sentence names it already.
     */
    static QString subjects(const Diagnostic& diagnostic, int indent);
};
