#include "VisibleText.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTextDocumentFragment>
#include <QTextEdit>
#include <QTreeWidget>
#include <QWizardPage>

namespace {

void addItem(const QTreeWidgetItem* item, QStringList& texts)
{
    if (item->isHidden())
        return;
    for (int column = 0; column < item->columnCount(); ++column)
        texts << item->text(column) << item->toolTip(column);
    for (int i = 0; i < item->childCount(); ++i)
        addItem(item->child(i), texts);
}

void addOwnTexts(const QWidget* widget, QStringList& texts)
{
    texts << widget->toolTip();
    if (const auto* label = qobject_cast<const QLabel*>(widget)) {
        const bool rich = label->textFormat() == Qt::RichText
            || (label->textFormat() == Qt::AutoText && Qt::mightBeRichText(label->text()));
        texts << (rich ? QTextDocumentFragment::fromHtml(label->text()).toPlainText() : label->text());
    } else if (const auto* button = qobject_cast<const QAbstractButton*>(widget)) {
        texts << button->text();
    } else if (const auto* group = qobject_cast<const QGroupBox*>(widget)) {
        texts << group->title();
    } else if (const auto* line = qobject_cast<const QLineEdit*>(widget)) {
        texts << line->text() << line->placeholderText();
    } else if (const auto* plain = qobject_cast<const QPlainTextEdit*>(widget)) {
        texts << plain->toPlainText();
    } else if (const auto* rich = qobject_cast<const QTextEdit*>(widget)) {
        texts << rich->toPlainText();
    } else if (const auto* combo = qobject_cast<const QComboBox*>(widget)) {
        for (int i = 0; i < combo->count(); ++i)
            texts << combo->itemText(i) << combo->itemData(i, Qt::ToolTipRole).toString();
    } else if (const auto* tree = qobject_cast<const QTreeWidget*>(widget)) {
        if (!tree->isHeaderHidden())
            addItem(tree->headerItem(), texts);
        for (int i = 0; i < tree->topLevelItemCount(); ++i)
            addItem(tree->topLevelItem(i), texts);
    } else if (const auto* list = qobject_cast<const QListWidget*>(widget)) {
        for (int i = 0; i < list->count(); ++i) {
            if (!list->item(i)->isHidden())
                texts << list->item(i)->text() << list->item(i)->toolTip();
        }
    } else if (const auto* tabs = qobject_cast<const QTabWidget*>(widget)) {
        for (int i = 0; i < tabs->count(); ++i)
            texts << tabs->tabText(i) << tabs->tabToolTip(i);
    } else if (const auto* page = qobject_cast<const QWizardPage*>(widget)) {
        texts << page->title() << QTextDocumentFragment::fromHtml(page->subTitle()).toPlainText();
    }
}

} // namespace

QStringList visibleTexts(const QWidget* root)
{
    QStringList texts;
    addOwnTexts(root, texts);
    for (const QWidget* child : root->findChildren<QWidget*>()) {
        if (child->isVisibleTo(root))
            addOwnTexts(child, texts);
    }
    texts.removeAll(QString());
    return texts;
}

QStringList cliWords(const QWidget* root)
{
    static const QRegularExpression cli(QStringLiteral("--[A-Za-z]|`"));
    QStringList found;
    for (const QString& text : visibleTexts(root)) {
        if (cli.match(text).hasMatch())
            found << text;
    }
    return found;
}

QStringList linuxWords(const QWidget* root)
{
    static const QRegularExpression linux(
        QStringLiteral(R"(login profile|LD_LIBRARY_PATH|\bldconfig\b|\bsudo\b|\bpkexec\b|\.tar\.xz|files and links|)"
                       R"((^|[\s"'(])/(usr|etc|home)/|\b[A-Za-z]:/)"),
        QRegularExpression::CaseInsensitiveOption);
    QStringList found;
    for (const QString& text : visibleTexts(root)) {
        if (linux.match(text).hasMatch())
            found << text;
    }
    return found;
}

CliWordsWatch::CliWordsWatch()
{
    qApp->installEventFilter(this);
}

CliWordsWatch::~CliWordsWatch()
{
    qApp->removeEventFilter(this);
}

QStringList CliWordsWatch::offences()
{
    for (const QWidget* widget : QApplication::allWidgets()) {
        if (qobject_cast<const QWizardPage*>(widget) && widget->isVisible())
            check(widget);
    }
    m_offences.removeDuplicates();
    return m_offences;
}

bool CliWordsWatch::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Hide) {
        if (const auto* page = qobject_cast<const QWizardPage*>(watched))
            check(page);
    }
    return QObject::eventFilter(watched, event);
}

void CliWordsWatch::check(const QWidget* page)
{
    ++m_pagesChecked;
    const QString title = static_cast<const QWizardPage*>(page)->title();
    for (const QString& text : cliWords(page))
        m_offences << title + QStringLiteral(": ") + text;
}
