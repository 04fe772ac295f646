#include "trackscapacitypanel.h"

#include "chartaxis.h"
#include "displayformat.h"
#include "errortext.h"
#include "scrollingpage.h"
#include "timechart.h"
#include "tracksdataset.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace tidemark::ui {

using namespace tidemark::tracks;

namespace {
constexpr int kProjectionDays = 5 * 365; // the chart's horizon when 2 GB is farther or never reached

QString alertText() {
    return display::size(TracksForecast::kAlertBytes);
}
} // namespace

QString TracksCapacityPanel::emptyText() {
    return tr("Run a forecast to see the store's size against %1.").arg(alertText());
}

TracksCapacityPanel::TracksCapacityPanel(TracksDataset* dataset, QWidget* parent)
    : QWidget(parent), m_dataset(dataset) {
    m_run = new QPushButton(tr("Forecast"), this);
    m_run->setToolTip(
        tr("Read-only: the store's size, its growth over the last 30 days and when it reaches %1.")
            .arg(display::size(TracksForecast::kAlertBytes)));
    m_chart = new TimeChart(this);
    m_chart->setTitle(tr("Store size: history from the imports, projection at the last 30 days' pace"));
    m_chart->setValueUnit(ValueUnit::Bytes);
    m_chart->setEmptyText(emptyText());
    m_figures = new QLabel(this);
    m_figures->setWordWrap(true);
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_figures->setMinimumHeight(m_figures->fontMetrics().lineSpacing() * 5);
    auto* top = new QHBoxLayout;
    top->addWidget(m_run);
    top->addStretch(1);
    auto* layout = new QVBoxLayout;
    layout->addLayout(top);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_figures);
    setScrollingLayout(this, layout);
    connect(m_run, &QPushButton::clicked, this, &TracksCapacityPanel::forecast);
    connect(m_dataset, &TracksDataset::forecastReady, this, [this](const TracksForecast& f) {
        m_run->setEnabled(true);
        show(f);
    });
    connect(m_dataset, &TracksDataset::forecastFailed, this, [this](const Error& e) {
        m_run->setEnabled(true);
        m_figures->setText(errorHtml(e.message()));
    });
    connect(m_dataset, &TracksDataset::fileFactsLoaded, this, &TracksCapacityPanel::showKnown);
    connect(m_dataset, &DatasetBase::cleared, this,
            &TracksCapacityPanel::clear); // another store, or a failed load
}

void TracksCapacityPanel::clear() {
    m_chart->setEmptyText(emptyText());
    m_chart->setSeries({});
    m_chart->setLimits({});
    m_chart->setMarkers({});
    m_figures->clear();
}

// What the file's facts say at once (its tracks and its size against 2 GB); a forecast of the store before
// (an import, a retention) gives way to it.
void TracksCapacityPanel::showKnown() {
    clear();
    const TracksFileFacts& facts = m_dataset->fileFacts();
    const qint64 tracks = facts.summaries.empty() ? 0 : facts.summaries.front().tracks;
    QStringList lines;
    if (facts.storeBytes >= 0) {
        // One measurement is a figure, not a chart (a lone dot under a far limit line): the chart shows it
        // as its text until a forecast brings the history.
        const QString share =
            display::percent(double(facts.storeBytes) / double(TracksForecast::kAlertBytes));
        m_chart->setEmptyText(tr("Now %1, %2 of the %3 alert.\nForecast draws its history and its growth.")
                                  .arg(display::size(facts.storeBytes), share, alertText()));
        lines << tr("Now: %1 tracks, %2 (%3 of the %4 mark)")
                     .arg(display::count(tracks), display::size(facts.storeBytes), share, alertText());
    } else {
        m_chart->setEmptyText(emptyText());
        lines << tr("Now: %1 tracks").arg(display::count(tracks));
    }
    lines << tr("Forecast adds the growth of the last 30 days, when %1 is reached and what retention "
                "deletes.")
                 .arg(alertText());
    m_figures->setText(lines.join(QLatin1Char('\n')));
}

void TracksCapacityPanel::forecast() {
    m_run->setEnabled(false);
    m_figures->setText(tr("Forecasting…"));
    m_dataset->loadForecast();
}

QString TracksCapacityPanel::figuresText() const {
    return m_figures->text();
}

void TracksCapacityPanel::show(const TracksForecast& f) {
    const TracksForecastMeasurements& m = f.measured;
    const double perTrack = f.bytesPerTrack.value_or(0);
    TimeSeries history{
        tr("store size"), QColor(0x1f, 0x6f, 0xc5), TimeSeries::Kind::Line, false, {}, {}, {}, 0};
    qint64 tracks = 0;
    for (const TracksCreatedDay& d : m.history) {
        tracks += d.tracks;
        history.points.push_back(TimePoint{d.day + kMicrosPerDay, double(tracks) * perTrack, 0,
                                           tr("%n track(s)", nullptr, display::pluralForm(tracks))});
    }
    TimeSeries projection{
        tr("projected"), QColor(0x1f, 0x6f, 0xc5), TimeSeries::Kind::Line, true, {}, {}, {}, 0};
    const Micros until = f.reaches2GbOn ? std::min(*f.reaches2GbOn, m.now + kProjectionDays * kMicrosPerDay)
                                        : m.now + kProjectionDays * kMicrosPerDay;
    projection.points.push_back(TimePoint{m.now, double(m.bytes), 0, {}});
    if (f.tracksPerDay > 0 && perTrack > 0)
        projection.points.push_back(
            TimePoint{until,
                      double(m.bytes) + f.tracksPerDay * perTrack * double(until - m.now) / kMicrosPerDay,
                      0,
                      {}});
    m_chart->setSeries({history, projection});
    std::vector<LimitLine> limits{LimitLine{double(TracksForecast::kAlertBytes),
                                            tr("%1 alert").arg(alertText()), QColor(0xb0, 0x00, 0x20)}};
    if (perTrack > 0 && f.steadyStateTracks > 0)
        limits.push_back(
            LimitLine{f.steadyStateTracks * perTrack,
                      tr("steady state after %n year(s) of retention", nullptr, f.retentionYears),
                      {}});
    m_chart->setLimits(limits);
    std::vector<TimeMarker> markers{TimeMarker{m.now, tr("now"), {}}};
    if (f.reaches2GbOn && *f.reaches2GbOn <= until)
        markers.push_back(TimeMarker{*f.reaches2GbOn,
                                     tr("%1 on %2").arg(alertText(), display::date(*f.reaches2GbOn)),
                                     QColor(0xb0, 0x00, 0x20)});
    m_chart->setMarkers(markers);

    QStringList lines;
    lines << tr("%1 tracks, %2 (%3 a track)")
                 .arg(display::count(m.tracks), display::size(m.bytes),
                      f.bytesPerTrack ? display::size(qint64(std::llround(*f.bytesPerTrack)))
                                      : f.bytesPerTrackReason);
    lines << tr("%1 tracks a day over the last 30 days; steady state %2 tracks after %n year(s) of retention",
                nullptr, f.retentionYears)
                 .arg(display::number(f.tracksPerDay, 1),
                      display::count(qint64(std::llround(f.steadyStateTracks))));
    lines << (f.reaches2GbOn ? tr("Reaches %1 on %2").arg(alertText(), display::date(*f.reaches2GbOn))
                             : tr("%1: %2").arg(alertText(), f.reaches2GbReason));
    lines << tr("A retention run now deletes %n track(s) (about %1).", nullptr, int(m.wouldDelete.size()))
                 .arg(display::size(f.wouldDeleteBytes));
    m_figures->setText(lines.join(QLatin1Char('\n')));
}

} // namespace tidemark::ui
