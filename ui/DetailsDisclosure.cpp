#include "DetailsDisclosure.h"

#include <QToolButton>
#include <QVBoxLayout>

DetailsDisclosure::DetailsDisclosure(QWidget* content, QWidget* parent)
    : QWidget(parent)
    , m_toggle(new QToolButton(this))
    , m_content(content)
{
    m_toggle->setObjectName(QStringLiteral("showDetails"));
    m_toggle->setCheckable(true);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->setAutoRaise(true);
    connect(m_toggle, &QToolButton::toggled, this, &DetailsDisclosure::setOpen);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_toggle, 0, Qt::AlignLeft);
    content->setParent(this);
    layout->addWidget(content, 1);
    setOpen(false);
}

bool DetailsDisclosure::isOpen() const
{
    return m_toggle->isChecked();
}

void DetailsDisclosure::setOpen(bool open)
{
    m_toggle->setChecked(open);
    m_toggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    m_toggle->setText(open ? tr("Hide details") : tr("Show details"));
    m_content->setVisible(open);
}
