#pragma once

#include <QObject>
#include <QStringList>

class QWidget;

/**
 * What a person can read on a widget and everything visible inside it: labels (rich text as shown), buttons, group
 * titles, line and text edits, combo, list and tree items (every column, with their tooltips), tab names, a wizard
 * page's title and subtitle, and each widget's tooltip. Hidden widgets are skipped.
 */
QStringList visibleTexts(const QWidget* root);

/** The visible texts that name a command-line option ("--" then a letter) or hold a Markdown backtick. */
QStringList cliWords(const QWidget* root);

/**
 * The visible texts a Windows user should not meet: Linux's words (login profile, LD_LIBRARY_PATH, ldconfig, sudo,
 * pkexec, .tar.xz, "files and links", /usr/ or /etc/) and a Windows path written with forward slashes ("Z:/tmp").
 */
QStringList linuxWords(const QWidget* root);

/**
 * Watches every wizard page of the application as the test drives it: each time a page is left (hidden), what it
 * showed is checked with cliWords(). Install it in init(), read offences() in the test or in cleanup().
 */
class CliWordsWatch : public QObject
{
public:
    CliWordsWatch();
    ~CliWordsWatch() override;
    /** "Page title: offending text" for each one seen so far; checks every page shown now first. */
    QStringList offences();
    int pagesChecked() const { return m_pagesChecked; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void check(const QWidget* page);

    QStringList m_offences;
    int m_pagesChecked = 0;
};
