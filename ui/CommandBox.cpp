#include "CommandBox.h"

#include <QClipboard>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

CommandBox::CommandBox(QWidget* parent)
    : QWidget(parent)
    , m_command(new QLabel(this))
    , m_copy(new QPushButton(tr("&Copy"), this))
{
    m_command->setObjectName(QStringLiteral("commandText"));
    m_command->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_command->setTextFormat(Qt::PlainText);
    m_command->setWordWrap(true);
    m_command->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_command->setFrameShape(QFrame::StyledPanel);
    m_command->setMargin(4);
    m_copy->setObjectName(QStringLiteral("copyCommand"));
    m_copy->setToolTip(tr("Copy the command, to paste it into a terminal"));
    connect(m_copy, &QPushButton::clicked, this, [this] {
        QGuiApplication::clipboard()->setText(m_command->text());
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
    m_command->setText(command);
    m_copy->setText(tr("&Copy"));
    setVisible(!command.isEmpty());
}

QString CommandBox::command() const
{
    return m_command->text();
}
