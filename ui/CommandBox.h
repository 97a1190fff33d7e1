#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

/**
 * A command a person runs by hand in a terminal (the privileged step when nothing here can ask for rights): shown
 * whole in a fixed-width, selectable line that wraps rather than cuts, with a Copy button beside it.
 */
class CommandBox : public QWidget
{
    Q_OBJECT

public:
    explicit CommandBox(QWidget* parent = nullptr);
    /** Shows command; an empty one hides the box. */
    void setCommand(const QString& command);
    QString command() const;

private:
    QLabel* m_command;
    QPushButton* m_copy;
};
