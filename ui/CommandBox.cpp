#include "CommandBox.h"

#include <QAbstractTextDocumentLayout>
#include <QClipboard>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QPushButton>
#include <QTextDocument>
#include <QTextEdit>
#include <cmath>

namespace {

/**
 * The command in a fixed-width font, wrapped at spaces and, where one word (a long path, a SHA-256) is wider than the
 * box, anywhere inside it: never wider than the page gives it, never cut, every line shown (its height follows the
 * width). Selecting and copying it gives the command as it is, without inserted breaks.
 */
class CommandText : public QTextEdit
{
public:
    explicit CommandText(QWidget* parent)
        : QTextEdit(parent)
    {
        setReadOnly(true);
        setAcceptRichText(false);
        setTabChangesFocus(true);
        setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
        setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
        policy.setHeightForWidth(true);
        setSizePolicy(policy);
        connect(document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this, [this] {
            updateGeometry();
        });
    }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override
    {
        QTextDocument copy;
        copy.setDefaultFont(document()->defaultFont());
        copy.setDocumentMargin(document()->documentMargin());
        copy.setDefaultTextOption(document()->defaultTextOption());
        copy.setPlainText(toPlainText());
        copy.setTextWidth(std::max(1, width - 2 * frameWidth()));
        return int(std::ceil(copy.size().height())) + 2 * frameWidth();
    }
    QSize sizeHint() const override
    {
        const int width = QTextEdit::sizeHint().width();
        return {width, heightForWidth(width)};
    }
    QSize minimumSizeHint() const override
    {
        const int width = fontMetrics().averageCharWidth() * 12 + 2 * frameWidth();
        return {width, heightForWidth(this->width() > 0 ? this->width() : width)};
    }
};

} // namespace

CommandBox::CommandBox(QWidget* parent)
    : QWidget(parent)
    , m_command(new CommandText(this))
    , m_copy(new QPushButton(tr("&Copy"), this))
{
    m_command->setObjectName(QStringLiteral("commandText"));
    m_command->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_copy->setObjectName(QStringLiteral("copyCommand"));
    m_copy->setToolTip(tr("Copy the command, to paste it into a terminal"));
    connect(m_copy, &QPushButton::clicked, this, [this] {
        QGuiApplication::clipboard()->setText(command());
        m_copy->setText(tr("Copied"));
    });
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_command, 1);
    layout->addWidget(m_copy, 0, Qt::AlignTop);
    hide();
}

void CommandBox::setCommand(const QString& command)
{
    m_command->setPlainText(command);
    m_copy->setText(tr("&Copy"));
    setVisible(!command.isEmpty());
    updateGeometry();
}

QString CommandBox::command() const
{
    return m_command->toPlainText();
}
