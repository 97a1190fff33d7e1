#include "VisibleText.h"

#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QWizard>
#include <QWizardPage>
#include <QtTest>

/** The walk the wizard tests use to find command-line words: what it reads, what it skips, that it can fail. */
class TestVisibleText : public QObject
{
    Q_OBJECT

private slots:
    void findsFlagsAndBackticksWhereverTheyShow();
    void skipsHiddenWidgetsAndPlainDashes();
    void watchChecksEachPageItLeaves();
    void findsLinuxWordsAWindowsUserShouldNotMeet();
};

void TestVisibleText::findsFlagsAndBackticksWhereverTheyShow()
{
    QWizardPage page;
    page.setTitle(QStringLiteral("Run `cudnn-setup`"));
    auto* layout = new QVBoxLayout(&page);
    layout->addWidget(new QLabel(QStringLiteral("<b>Name it</b> with --cuda-root"), &page));
    auto* button = new QPushButton(QStringLiteral("Go"), &page);
    button->setToolTip(QStringLiteral("or --package FILE"));
    layout->addWidget(button);
    auto* tree = new QTreeWidget(&page);
    auto* top = new QTreeWidgetItem(tree, {QStringLiteral("A finding")});
    new QTreeWidgetItem(top, {QStringLiteral("Fix: --cache DIR")});
    layout->addWidget(tree);
    auto* list = new QListWidget(&page);
    list->addItem(QStringLiteral("--mirror URL"));
    layout->addWidget(list);
    auto* combo = new QComboBox(&page);
    combo->addItem(QStringLiteral("--lang zh_CN"));
    layout->addWidget(combo);
    page.show();

    const QStringList found = cliWords(&page);
    QCOMPARE(found,
             (QStringList{QStringLiteral("Run `cudnn-setup`"),
                          QStringLiteral("Name it with --cuda-root"),
                          QStringLiteral("or --package FILE"),
                          QStringLiteral("Fix: --cache DIR"),
                          QStringLiteral("--mirror URL"),
                          QStringLiteral("--lang zh_CN")}));
}

void TestVisibleText::skipsHiddenWidgetsAndPlainDashes()
{
    QWidget page;
    auto* layout = new QVBoxLayout(&page);
    auto* hidden = new QLabel(QStringLiteral("--hidden"), &page);
    hidden->hide();
    layout->addWidget(hidden);
    layout->addWidget(new QLabel(QStringLiteral("cuDNN 9 -- two dashes and a space, x--9, -v"), &page));
    page.show();
    QVERIFY(cliWords(&page).isEmpty());
    QVERIFY(visibleTexts(&page).contains(QStringLiteral("cuDNN 9 -- two dashes and a space, x--9, -v")));
}

void TestVisibleText::watchChecksEachPageItLeaves()
{
    CliWordsWatch watch;
    QWizard wizard;
    auto* first = new QWizardPage;
    first->setTitle(QStringLiteral("First"));
    auto* label = new QLabel(first);
    (new QVBoxLayout(first))->addWidget(label);
    wizard.addPage(first);
    auto* second = new QWizardPage;
    second->setTitle(QStringLiteral("Second"));
    wizard.addPage(second);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    label->setText(QStringLiteral("Use --silent")); // shown after the page opened, as results are
    wizard.next();
    QCOMPARE(watch.offences(), QStringList{QStringLiteral("First: Use --silent")});
    QVERIFY(watch.pagesChecked() >= 2); // the page left, and the one shown now
}

void TestVisibleText::findsLinuxWordsAWindowsUserShouldNotMeet()
{
    QWizardPage page;
    auto* layout = new QVBoxLayout(&page);
    const QStringList linuxTexts{QStringLiteral("Fix it for me (user PATH / login profile)"),
                                 QStringLiteral("Installed into C:\\CUDA: 12 files and links."),
                                 QStringLiteral("Drop a cuDNN archive (.zip or .tar.xz)"),
                                 QStringLiteral("Z:/tmp/cudnn.zip"),
                                 QStringLiteral("Run: sudo cudnn-setup"),
                                 QStringLiteral("New programs get it from /usr/lib/x86_64-linux-gnu")};
    for (const QString& text : linuxTexts)
        layout->addWidget(new QLabel(text, &page));
    for (const char* windows :
         {"Fix it for me (my user Path)",
          "Installed into C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.3: 12 files.",
          "Drop a cuDNN archive (.zip)",
          "This is the Linux build of cuDNN; this machine runs Windows.",
          "HKCU\\Environment\\Path"})
        layout->addWidget(new QLabel(QString::fromUtf8(windows), &page));
    page.show();
    QCOMPARE(linuxWords(&page), linuxTexts);
}

QTEST_MAIN(TestVisibleText)
#include "TestVisibleText.moc"
