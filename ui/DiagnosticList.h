#pragma once

#include "report/Diagnostic.h"

#include <QTreeWidget>

/** Shows diagnostics as a person reads them: an icon for the severity, the sentence, and the fix beneath it. */
class DiagnosticList : public QTreeWidget
{
    Q_OBJECT

public:
    explicit DiagnosticList(QWidget* parent = nullptr);
    void setDiagnostics(const Diagnostics& diagnostics);

    static QIcon iconFor(Severity severity);
};
