#include "mainwindow.h"

#include "positionsworkbench.h"
#include "tracksworkbench.h"

#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QSet>
#include <algorithm>

namespace tidemark::ui {

namespace {

QJsonObject unitsOf(const QJsonObject& plan, const char* dataset) {
    return plan.value(QLatin1String(dataset)).toObject().value(QStringLiteral("units")).toObject();
}

} // namespace

void MainWindow::showOpenedPlan(const QString& path, const QJsonObject& plan) {
    const QJsonObject tracks = unitsOf(plan, "tracks");
    if (!tracks.isEmpty()) {
        QSet<qint64> ids;
        for (const QJsonValue& id : tracks.value(QStringLiteral("delete_ids")).toArray())
            ids.insert(id.toInteger());
        m_tracksWorkbench->showPlannedTracks(ids, QFileInfo(path).fileName());
    }
    const QJsonArray slices = unitsOf(plan, "positions").value(QStringLiteral("slices")).toArray();
    QHash<QString, int> perMower;
    QString busiest;
    for (const QJsonValue& v : slices) {
        const QString mower = v.toObject().value(QStringLiteral("mower_id")).toString();
        if (++perMower[mower] > perMower.value(busiest))
            busiest = mower;
    }
    Micros from = 0, to = 0;
    for (const QJsonValue& v : slices) {
        const QJsonObject s = v.toObject();
        Micros a = 0, b = 0;
        if (s.value(QStringLiteral("mower_id")).toString() != busiest ||
            !tryParseIsoTimestamp(s.value(QStringLiteral("from")).toString(), &a) ||
            !tryParseIsoTimestamp(s.value(QStringLiteral("to")).toString(), &b))
            continue;
        if (from == 0)
            from = a;
        if (b <= from + 7 * kMicrosPerDay) // a preview's reach
            to = std::max(to, b);
    }
    if (to > from)
        m_positionsWorkbench->showPlannedRange(busiest, from, to);
}

} // namespace tidemark::ui
