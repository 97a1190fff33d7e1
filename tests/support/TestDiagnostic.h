#pragma once

#include "report/Diagnostic.h"

/**
 * A finding made up by a test (any code, any severity), built as a plain value: what a face shows for it is under
 * test, not the registry of diagnoses, which only the product's own findings go through (Diagnostic::of).
 */
inline Diagnostic
testDiagnostic(Severity severity, const QString& code, const QString& message, const QString& fix = {})
{
    Diagnostic d;
    d.code = code;
    d.severity = severity;
    d.message = message;
    d.fix = fix;
    return d;
}
