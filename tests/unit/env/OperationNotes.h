#pragma once

#include "env/EnvironmentRefresh.h"
#include "env/EnvironmentStep.h"

#include <QStringList>

/** What the environment operations' last perform or undo left alone, one text: the notes a person is shown. */
inline QString operationNotes(const QList<OperationPointer>& operations)
{
    QStringList notes;
    for (const OperationPointer& operation : operations) {
        if (const auto* step = dynamic_cast<const EnvironmentStep*>(operation.get()))
            notes.append(step->note());
        else if (const auto* refresh = dynamic_cast<const EnvironmentRefresh*>(operation.get()))
            notes.append(refresh->note());
    }
    notes.removeAll(QString());
    return notes.join(QLatin1Char(' '));
}
