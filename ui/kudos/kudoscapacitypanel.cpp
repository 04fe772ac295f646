#include "kudoscapacitypanel.h"

#include "displayformat.h"
#include "errortext.h"
#include "kudosdataset.h"
#include "kudosvalues.h"
#include "scrollingpage.h"
#include "timechart.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace tidemark::ui {

using namespace tidemark::kudos;

namespace {

constexpr Micros kWeek = 7 * kMicrosPerDay;
constexpr int kProjectionWeeks = 104; // the chart's horizon when the budget is farther or never reached

QColor tierColour(RetentionDataset d) {
    return d == RetentionDataset::Currency ? QColor(0x1f, 0x6f, 0xc5) : QColor(0xd9, 0x77, 0x06);
}

QString bytes(double v) {
    return display::size(std::llround(v));
}

// The two tables' weekly bars side by side in their week (currency left, statistics right), each half a week
// wide, so neither hides the other.
Micros barCentre(RetentionDataset d, Micros lo, Micros hi) {
    const Micros quarter = (hi - lo) / 4;
    return lo + (d == RetentionDataset::Currency ? quarter : 3 * quarter);
}
constexpr Micros kBarWidth = kWeek / 2;

} // namespace

KudosCapacityPanel::KudosCapacityPanel(KudosDataset* dataset, QWidget* parent)
    : QWidget(parent), m_dataset(dataset) {
    m_run = new QPushButton(tr("Forecast"), this);
    m_run->setToolTip(
        tr("Read-only: the weekly rows online, the archive's growth per tier from its manifests, "
           "and when each tier reaches its budget."));
    m_rows = new TimeChart(this);
    m_rows->setTitle(tr("Online rows per week"));
    m_rows->setValueUnit(ValueUnit::Count);
    m_rows->setEmptyText(tr("Run a forecast to see the rows online per week."));
    m_archive = new TimeChart(this);
    m_archive->setTitle(tr("Archive use per tier against its budget"));
    m_archive->setValueUnit(ValueUnit::Bytes);
    m_archive->setEmptyText(tr("Nothing archived yet."));
    m_figures = new QLabel(this);
    m_figures->setWordWrap(true);
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_figures->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto* top = new QHBoxLayout;
    top->addWidget(m_run);
    top->addStretch(1);
    auto* charts = new QVBoxLayout;
    charts->addWidget(m_rows, 1);
    charts->addWidget(m_archive, 1);
    // The figures under the charts, the area's whole width: beside them they were squeezed and cut.
    auto* layout = new QVBoxLayout;
    layout->addLayout(top);
    layout->addLayout(charts, 1);
    layout->addWidget(m_figures);
    setScrollingLayout(this, layout);
    connect(m_run, &QPushButton::clicked, this, &KudosCapacityPanel::forecast);
    connect(m_dataset, &KudosDataset::forecastReady, this, [this](const KudosForecast& f) {
        m_run->setEnabled(true);
        show(f);
    });
    connect(m_dataset, &KudosDataset::forecastFailed, this, [this](const Error& e) {
        m_run->setEnabled(true);
        m_figures->setText(errorHtml(e.message()));
    });
    connect(m_dataset, &KudosDataset::loaded, this, [this] { showKnown(m_dataset->status()); });
    connect(m_dataset, &DatasetBase::cleared, this,
            &KudosCapacityPanel::clear); // another database, or a failed load
    if (m_dataset->isConnected() && !m_dataset->isLoading())
        showKnown(m_dataset->status());
}

void KudosCapacityPanel::clear() {
    m_rows->setSeries({});
    m_rows->setMarkers({});
    m_archive->setSeries({});
    m_archive->setLimits({});
    m_archive->setMarkers({});
    m_figures->clear();
}

// The load's figures: each range's rows online, each tier's archived objects from the catalog (cumulative
// over their ranges) against its budget, and the archive's own count of its bytes.
void KudosCapacityPanel::showKnown(const KudosStatus& status) {
    std::vector<TimeSeries> rows;
    std::vector<TimeSeries> archived;
    std::vector<LimitLine> limits;
    QStringList lines;
    for (RetentionDataset dataset : {RetentionDataset::Currency, RetentionDataset::Statistics}) {
        TimeSeries online{
            datasetTable(dataset), tierColour(dataset), TimeSeries::Kind::Bars, false, {}, {}, {}, kBarWidth};
        std::vector<const PartitionStatus*> objects;
        for (const PartitionStatus& p : status.partitions) {
            if (p.dataset != dataset)
                continue;
            if (p.online && p.rows > 0)
                online.points.push_back(TimePoint{barCentre(dataset, p.lo, p.hi), double(p.rows), 0,
                                                  p.partition + QStringLiteral(" · ") + p.state});
            if (!p.archiveKey.isEmpty())
                objects.push_back(&p);
        }
        rows.push_back(std::move(online));
        std::sort(objects.begin(), objects.end(), [](const auto* a, const auto* b) { return a->hi < b->hi; });
        TimeSeries history{
            datasetName(dataset), tierColour(dataset), TimeSeries::Kind::Step, false, {}, {}, {}, 0};
        qint64 total = 0;
        for (const PartitionStatus* p : objects) {
            total += p->objectBytes.value_or(0);
            history.points.push_back(TimePoint{p->hi, double(total), 0, p->archiveKey});
        }
        if (!history.points.empty())
            archived.push_back(std::move(history));
        const auto tier = std::find_if(status.tiers.begin(), status.tiers.end(),
                                       [&](const ArchiveTierUse& t) { return t.dataset == dataset; });
        const qint64 budget = tier != status.tiers.end() ? tier->budgetBytes : 0;
        if (budget > 0)
            limits.push_back(
                LimitLine{double(budget), tr("%1 budget").arg(datasetName(dataset)), tierColour(dataset)});
        QString line = tr("%1 tier: %n object(s) archived, %2 by the catalog", nullptr, int(objects.size()))
                           .arg(datasetName(dataset), bytes(double(total)));
        if (tier != status.tiers.end() && tier->usedBytes >= 0)
            line += tr("; the archive holds %1").arg(bytes(double(tier->usedBytes)));
        line += budget > 0 ? tr(" of a %1 budget").arg(bytes(double(budget))) : tr(", no budget");
        lines << line;
    }
    if (!status.archiveProblem.isEmpty())
        lines << tr("The archive cannot be read: %1").arg(status.archiveProblem);
    lines << tr("Forecast adds the weekly growth, the steady state and when each tier reaches its budget.");
    const std::vector<TimeMarker> markers{TimeMarker{m_dataset->now(), tr("now"), {}}};
    m_rows->setSeries(std::move(rows));
    m_rows->setMarkers(markers);
    m_archive->setSeries(std::move(archived));
    m_archive->setLimits(std::move(limits));
    m_archive->setMarkers(markers);
    m_figures->setText(lines.join(QStringLiteral("\n\n")));
}

void KudosCapacityPanel::forecast() {
    if (!m_dataset->startForecast())
        return;
    m_run->setEnabled(false);
    m_figures->setText(tr("Forecasting…"));
}

QString KudosCapacityPanel::figuresText() const {
    return m_figures->text();
}

void KudosCapacityPanel::show(const KudosForecast& f) {
    std::vector<TimeSeries> rows;
    for (const KudosForecast::Table& t : f.tables) {
        TimeSeries s{t.table, tierColour(t.dataset), TimeSeries::Kind::Bars, false, {}, {}, {}, kBarWidth};
        for (const KudosForecast::Week& w : t.weeks)
            s.points.push_back(TimePoint{barCentre(t.dataset, w.lo, w.hi), double(w.rows), 0,
                                         w.partition + QStringLiteral(" · ") + bytes(double(w.bytes))});
        rows.push_back(std::move(s));
    }
    m_rows->setSeries(std::move(rows));
    m_rows->setMarkers({TimeMarker{f.now, tr("now"), {}}});
    showArchive(f);

    QStringList lines;
    for (const KudosForecast::Table& t : f.tables)
        lines << tr("%1: %2 rows, %3 online; %4 a week; steady state %5")
                     .arg(t.table, display::count(t.rows), bytes(double(t.bytes)),
                          t.rowsPerWeek ? tr("%1 rows").arg(display::count(std::llround(*t.rowsPerWeek)))
                                        : t.rateReason,
                          t.steadyStateRows ? tr("%1 rows").arg(display::count(*t.steadyStateRows))
                                            : t.steadyStateReason);
    for (const KudosForecast::Tier& t : f.tiers) {
        QString budget = t.budgetBytes ? bytes(double(*t.budgetBytes)) : tr("no budget");
        QString reached = t.budgetReachedOn ? tr("reached on %1").arg(display::date(*t.budgetReachedOn))
                                            : t.budgetReachedReason;
        lines << tr("%1 tier: %2 of %3, %4 a week; %5")
                     .arg(datasetName(t.dataset), bytes(double(t.usedBytes)), budget,
                          t.bytesPerWeek ? bytes(*t.bytesPerWeek) : t.bytesPerWeekReason, reached);
    }
    lines << (f.rollups.rowsPerWeek
                  ? tr("Rollups: %1 rows, %2 rows a week (no retention)")
                        .arg(display::count(f.rollups.rows),
                             display::count(std::llround(*f.rollups.rowsPerWeek)))
                  : tr("Rollups: %1 rows (%2)").arg(display::count(f.rollups.rows), f.rollups.reason));
    lines << (f.online.rows ? tr("Online steady state: %1 rows, %2")
                                  .arg(display::count(*f.online.rows),
                                       f.online.bytes ? bytes(double(*f.online.bytes)) : QStringLiteral("—"))
                            : tr("Online steady state: — (%1)").arg(f.online.reason));
    lines << tr("The next run: %n action(s)", nullptr, int(f.nextRun.size()));
    lines << tr("%n manifest(s) read", nullptr, f.manifestsRead);
    lines += f.warnings;
    m_figures->setText(lines.join(QStringLiteral("\n\n")));
}

void KudosCapacityPanel::showArchive(const KudosForecast& f) {
    std::vector<TimeSeries> series;
    std::vector<LimitLine> limits;
    std::vector<TimeMarker> markers{TimeMarker{f.now, tr("now"), {}}};
    for (const KudosForecast::Tier& t : f.tiers) {
        const QString name = datasetName(t.dataset);
        TimeSeries history{name, tierColour(t.dataset), TimeSeries::Kind::Step, false, {}, {}, {}, 0};
        for (const KudosForecast::ArchivedWeek& w : t.history)
            history.points.push_back(TimePoint{w.hi, double(w.cumulativeBytes), 0, w.key});
        const Micros horizon = f.now + kProjectionWeeks * kWeek;
        const Micros until = t.budgetReachedOn ? std::min(*t.budgetReachedOn, horizon) : horizon;
        TimeSeries projection{
            tr("%1 projected").arg(name), tierColour(t.dataset), TimeSeries::Kind::Line, true, {}, {}, {}, 0};
        if (t.bytesPerWeek && *t.bytesPerWeek > 0) {
            projection.points.push_back(TimePoint{f.now, double(t.usedBytes), 0, {}});
            projection.points.push_back(TimePoint{
                until, double(t.usedBytes) + *t.bytesPerWeek * double(until - f.now) / kWeek, 0, {}});
        }
        series.push_back(std::move(history));
        series.push_back(std::move(projection));
        if (t.budgetBytes)
            limits.push_back(
                LimitLine{double(*t.budgetBytes), tr("%1 budget").arg(name), tierColour(t.dataset)});
        if (t.budgetReachedOn && *t.budgetReachedOn <= horizon)
            markers.push_back(TimeMarker{*t.budgetReachedOn,
                                         tr("%1 budget on %2").arg(name, display::date(*t.budgetReachedOn)),
                                         tierColour(t.dataset)});
    }
    m_archive->setSeries(std::move(series));
    m_archive->setLimits(std::move(limits));
    m_archive->setMarkers(std::move(markers));
}

} // namespace tidemark::ui
