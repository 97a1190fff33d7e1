#pragma once

#include "report/Diagnostic.h"

#include <QTreeWidget>

/**
 * Shows diagnostics as a person reads them: an icon for the severity, the sentence, what it means in practice where
 * the sentence alone does not say (forward compatibility, a GPU NVIDIA no longer supports, an old OS), and the fix.
 */
class DiagnosticList : public QTreeWidget
{
    Q_OBJECT

public:
    explicit DiagnosticList(QWidget* parent = nullptr);
    void setDiagnostics(const Diagnostics& diagnostics);

    static QIcon iconFor(Severity severity);
    /** "What this means" for a code whose consequence is not obvious from its sentence; empty for the others. */
    static QString meaningOf(const QString& code);
};
