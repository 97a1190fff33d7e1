#pragma once

#include <QStringList>

class QWizard;

/**
 * What is cut on the wizard's page shown now, one line each; empty when nothing is: a label whose text does not fit
 * the room it was given (a wrapping one the height its text needs, another the width), Verify's "Loaded from" path
 * neither fitting nor elided in the middle with the whole path in its tooltip, a command box showing part of its
 * command, a scrolling page wider than its view, a short list (up to 6 rows shown, expanded ones included) that hides
 * rows behind a scroll bar, a read-only text (a diff) showing part of its lines, a choice whose text is cut without its
 * whole text in a tooltip, and a package path field under half the page. Used by the layout tests and by the page
 * renderer (the Windows build under wine).
 */
QStringList cutOn(const QWizard& wizard);
