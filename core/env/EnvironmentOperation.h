#pragma once

#include <QJsonObject>
#include <QString>

/**
 * An undoable install step in the shape of Qt IFW's UpdateOperation: perform(), undo(), and state that survives as
 * JSON so a later `--uninstall` can undo it. The install transaction runs these in order and undoes them in reverse;
 * a type's static fromJson() (with the injected locations) rebuilds one from its toJson().
 */
class EnvironmentOperation
{
public:
    virtual ~EnvironmentOperation() = default;

    /** Stable type name written into the manifest. */
    virtual QString name() const = 0;
    /** All or nothing: on failure whatever was done is undone again. */
    virtual bool perform() = 0;
    /** Best effort: takes back what is still ours, leaves what others changed since, and says so in notes(). */
    virtual bool undo() = 0;
    virtual QString errorString() const = 0;
    virtual QJsonObject toJson() const = 0;
};
