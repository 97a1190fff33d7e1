#pragma once

#include "FrameworkTable.h"
#include "detect/FrameworkVerdict.h"

#include <QCoreApplication>

/**
 * What the frameworks that load cuDNN from the machine by name ask of the cuDNN to install: each one's major and,
 * under its rule, the lowest minor. A package choice ranks archives by how many of them a version serves, and says
 * in one sentence whom the chosen one serves, or why no single cuDNN can serve them all and what resolves it.
 */
class FrameworkNeeds
{
    Q_DECLARE_TR_FUNCTIONS(FrameworkNeeds)

public:
    struct Need
    {
        FrameworkSubject subject;
        FrameworkTable::LoadRule rule = FrameworkTable::LoadRule::SameMajorMinorAtLeast;
        Version built;
    };

    static FrameworkNeeds of(const FrameworkVerdicts& verdicts,
                             const FrameworkTable& table = FrameworkTable::builtIn());

    bool isEmpty() const { return m_needs.isEmpty(); }
    const QList<Need>& needs() const { return m_needs; }
    /** How many of them a cuDNN of this version serves. */
    int served(const Version& cudnn) const;
    /** True when the needs ask for more than one major: no single cuDNN serves them all. */
    bool split() const;
    /**
     * One sentence about the chosen cuDNN: whom it serves; and, when some are left out, what each needs and what
     * resolves it (the framework version with the other major, or a separate environment).
     */
    QString explain(const Version& chosen) const;

private:
    QString whoNeeds(const Need& need) const;

    QList<Need> m_needs;
    const FrameworkTable* m_table = nullptr;
};
