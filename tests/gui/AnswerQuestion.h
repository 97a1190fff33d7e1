#pragma once

#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>

/**
 * Answers the next message box the code under test opens (it runs its own event loop, so the test cannot click it
 * from where it stands): presses `answer` as soon as the box is up and keeps the box's text in `*asked`, and its
 * informative and detailed texts in `*details` (one per line).
 */
inline void answerNextQuestion(QMessageBox::StandardButton answer, QString* asked, QString* details = nullptr)
{
    auto* poll = new QTimer(qApp);
    QObject::connect(poll, &QTimer::timeout, poll, [poll, answer, asked, details] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box || !box->isVisible())
            return;
        poll->stop();
        poll->deleteLater();
        if (asked)
            *asked = box->text();
        if (details)
            *details = box->informativeText() + QLatin1Char('\n') + box->detailedText();
        if (QAbstractButton* button = box->button(answer))
            button->click();
    });
    poll->start(10);
}
