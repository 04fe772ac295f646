#include "roundhistorychart.h"

#include "displayformat.h"

#include "roundhistorymodel.h"

namespace tidemark::ui {

namespace {

const QColor kDeleted(200, 60, 50);
const QColor kKept(160, 160, 172);

} // namespace

RoundHistoryChart::RoundHistoryChart(QWidget* parent) : TimeChart(parent) {
    setTitle(tr("Rows per round"));
    setValueUnit(ValueUnit::Count);
    setEmptyText(tr("No rounds recorded yet."));
}

void RoundHistoryChart::setEntries(std::vector<positions::RoundHistoryEntry> entries) {
    setSeries(seriesOf(entries));
}

std::vector<TimeSeries>
RoundHistoryChart::seriesOf(const std::vector<positions::RoundHistoryEntry>& entries) {
    TimeSeries rounds{tr("deleted"), kDeleted, TimeSeries::Kind::Bars, false, {}, tr("kept"), kKept, 0};
    TimeSeries dryRuns{tr("dry run"), kDeleted, TimeSeries::Kind::Bars, true, {}, {}, kKept, 0};
    for (const positions::RoundHistoryEntry& e : entries) {
        QString note = tr("scanned %1 in %2").arg(display::count(e.scanned), display::duration(e.seconds)) +
                       QLatin1Char('\n') + positions::RoundHistoryModel::outcomeText(e);
        if (e.dryRun)
            note += QLatin1Char('\n') + tr("a dry run: nothing was deleted");
        const double deleted = double(e.deleted);
        (e.dryRun ? dryRuns : rounds)
            .points.push_back(
                {e.startedAt, deleted, std::max(0.0, double(e.scanned) - deleted), std::move(note)});
    }
    std::vector<TimeSeries> series;
    for (TimeSeries* s : {&rounds, &dryRuns})
        if (!s->points.empty())
            series.push_back(std::move(*s));
    return series;
}

} // namespace tidemark::ui
