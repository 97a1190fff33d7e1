#pragma once

#include <QWidget>

class QPushButton;
class QTextEdit;

/**
 * A command a person runs by hand in a terminal (the privileged step when nothing here can ask for rights): shown
 * whole in a fixed-width, selectable box that wraps (inside a long path too) rather than cuts, with a Copy button.
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
    QTextEdit* m_command;
    QPushButton* m_copy;
};
