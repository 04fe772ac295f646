#pragma once

#include <QMetaType>
#include <QString>
#include <QVariant>

namespace tidemark {

// Where a task stands: the stage it is in, units done of a total, rows and bytes handled, an estimate of the
// time left, and (for the console) a dataset's own figures in `detail` (e.g. a round's RoundProgress).
struct TaskProgress {
    QString stage;           // what the task is doing now, one short line
    qint64 done = 0;         // units of work done (slices, files, steps)
    qint64 total = -1;       // units in all; -1 when unknown
    qint64 rows = -1;        // rows handled so far; -1 when not counted
    qint64 bytes = -1;       // bytes handled so far; -1 when not counted
    double secondsLeft = -1; // estimate; -1 when unknown
    QVariant detail;

    // done / total in 0..1, or -1 when the total is unknown.
    double fraction() const;
    // "stage · 3 / 9 · 1,234 rows · 2 min left" in the current locale.
    QString describe() const;

    // A progress of `fraction` (0..1) through one stage (for tasks that only know a share).
    static TaskProgress share(double fraction, const QString& stage);
};

} // namespace tidemark

Q_DECLARE_METATYPE(tidemark::TaskProgress)
