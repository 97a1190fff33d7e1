#pragma once

#include "report/Diagnostic.h"

#include <QStyle>
#include <QTreeWidget>
#include <functional>
#include <map>

/**
 * Shows diagnostics as a person reads them: an icon for the severity, the sentence, what it means in practice where
 * the sentence alone does not say (forward compatibility, a GPU NVIDIA no longer supports, an old OS), and the fix
 * in the wizard's words. An action the page can take itself (offer()) is a button under the finding. Problems come
 * first; findings with the same code (one per library) are one row whose children list what they are about.
 */
class DiagnosticList : public QTreeWidget
{
    Q_OBJECT

public:
    explicit DiagnosticList(QWidget* parent = nullptr);
    void setDiagnostics(const Diagnostics& diagnostics);
    /**
     * From now on a finding whose fix is `kind` gets a button that calls `take` with the finding's action, while
     * `available` (if given) says the page can take it now; otherwise the fix says in words what to do.
     */
    void offer(FixAction::Kind kind, std::function<void(const FixAction&)> take, std::function<bool()> available = {});

    static QIcon iconFor(Severity severity);
    /** For a row that says something is fine (a library that loads, a component found): not the (i) of a note. */
    static QIcon okIcon();
    /**
     * resources/icons/<name>.svg, crisp at any scale; the style's fallback (none for SP_CustomBase) where no SVG
     * image plugin is deployed.
     */
    static QIcon svgIcon(const QString& name, QStyle::StandardPixmap fallback);
    /** "What this means" for a code whose consequence is not obvious from its sentence; empty for the others. */
    static QString meaningOf(const QString& code);
    /**
     * Under the row of a finding of one cause about several things (Diagnostic::subjects): "Affects 9", folded, that
     * opens on the list of them. Nothing for a finding about one thing. Returns the disclosure row, or null.
     */
    static QTreeWidgetItem* addSubjects(QTreeWidgetItem* item, const Diagnostic& diagnostic);
    /** A line under `parent` that is read, not chosen: not selectable, its whole text as the tooltip. */
    static QTreeWidgetItem* addLine(QTreeWidgetItem* parent, const QString& text);

private:
    /** What it means, the fix, and the button where the page takes the action itself. */
    void addActions(QTreeWidgetItem* item, const Diagnostic& diagnostic);

    struct Offer
    {
        std::function<void(const FixAction&)> take;
        std::function<bool()> available;
    };
    std::map<FixAction::Kind, Offer> m_offers;
};
