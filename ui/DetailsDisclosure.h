#pragma once

#include <QWidget>

class QToolButton;

/** "Show details" / "Hide details" over a widget that stays hidden until the person asks for it. */
class DetailsDisclosure : public QWidget
{
    Q_OBJECT

public:
    explicit DetailsDisclosure(QWidget* content, QWidget* parent = nullptr);
    bool isOpen() const;
    void setOpen(bool open);

private:
    QToolButton* m_toggle;
    QWidget* m_content;
};
