#include "positionscapacitypanel.h"

#include "chartaxis.h"
#include "displayformat.h"
#include "errortext.h"
#include "mowersummarymodel.h"
#include "positionsdataset.h"
#include "scrollingpage.h"
#include "timechart.h"
#include "whatifform.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tidemark::ui {

using namespace tidemark::positions;

namespace {

QString count(double v) {
    return ChartAxis::valueText(v, ValueUnit::Count);
}

QString deviation(const std::optional<double>& d) {
    return d ? display::percent(*d) : PositionsCapacityPanel::tr("none measured");
}

} // namespace

PositionsCapacityPanel::PositionsCapacityPanel(PositionsDataset* dataset, QWidget* parent)
    : QWidget(parent), m_dataset(dataset) {
    m_run = new QPushButton(tr("Forecast"), this);
    m_run->setToolTip(tr("Read-only: judge the sampled mowers as a round would, and project the table."));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_sample = new QSpinBox(this);
    m_sample->setObjectName(QStringLiteral("forecastSample"));
    // One below the request's least sample: every mower.
    m_sample->setRange(PositionsForecastRequest::kSampleMowers.min - 1,
                       PositionsForecastRequest::kSampleMowers.max);
    m_sample->setSpecialValueText(tr("all mowers"));
    m_sample->setValue(PositionsForecastRequest::kDefaultSample);
    m_sample->setSuffix(tr(" mowers"));
    m_sample->setToolTip(tr("The mowers judged, drawn by a fixed seed (0: every mower)."));
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 100);
    m_progress->setTextVisible(true);
    QSizePolicy keepsItsPlace = m_progress->sizePolicy(); // hidden when idle, without the buttons widening
    keepsItsPlace.setRetainSizeWhenHidden(true);
    m_progress->setSizePolicy(keepsItsPlace);
    auto* top = new QHBoxLayout;
    top->addWidget(m_run);
    top->addWidget(new QLabel(tr("Sample"), this));
    top->addWidget(m_sample);
    top->addWidget(m_progress, 1);
    top->addWidget(m_cancel);

    m_chart = new TimeChart(this);
    m_chart->setTitle(tr("Table rows: history from the sample, projection by band"));
    m_chart->setValueUnit(ValueUnit::Count);
    m_chart->setEmptyText(tr("Run a forecast to see the table's rows and where retention takes them."));
    m_figures = new QLabel(this);
    m_figures->setWordWrap(true);
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* whatIfBox = new QGroupBox(tr("What if"), this);
    m_whatIf = new WhatIfForm(whatIfBox);
    m_whatIfError = new QLabel(whatIfBox);
    m_whatIfError->setWordWrap(true);
    m_outcomes = new QTableWidget(0, 6, whatIfBox);
    m_outcomes->setHorizontalHeaderLabels({tr("Settings"), tr("Rows judged"), tr("Rows kept"),
                                           tr("Saved vs configured"), tr("Worst coverage deviation"),
                                           tr("12 % check")});
    m_outcomes->verticalHeader()->hide();
    m_outcomes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_outcomes->setMinimumHeight(90);
    m_outcomes->setWordWrap(true);
    m_outcomes->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_outcomes->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The form above its outcomes: the table keeps the page's width, so every column reads whole.
    auto* whatIfLayout = new QVBoxLayout(whatIfBox);
    auto* formRow = new QHBoxLayout;
    formRow->addWidget(m_whatIf);
    formRow->addWidget(m_whatIfError, 1);
    whatIfLayout->addLayout(formRow);
    whatIfLayout->addWidget(m_outcomes, 1);

    m_figures->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_figures->setMinimumWidth(220);
    m_figures->setMaximumWidth(340);
    auto* middle = new QHBoxLayout;
    middle->addWidget(m_chart, 1);
    middle->addWidget(m_figures);
    auto* layout = new QVBoxLayout;
    layout->addLayout(middle, 3);
    layout->addWidget(whatIfBox, 2);
    // Forecast, its sample and its progress stay in a bar above the page: a changed setting or a grown
    // outcome table never scrolls them away.
    setScrollingLayout(this, top, layout);

    connect(m_run, &QPushButton::clicked, this, &PositionsCapacityPanel::forecast);
    connect(m_cancel, &QPushButton::clicked, m_dataset, &PositionsDataset::cancelForecast);
    connect(m_whatIf, &WhatIfForm::changed, this, [this] {
        m_run->setText(m_whatIf->overrides().empty() ? tr("Forecast") : tr("Forecast with the what-if"));
    });
    connect(m_dataset, &PositionsDataset::settingsChanged, this,
            [this] { m_whatIf->setConfigured(m_dataset->settings()); });
    connect(m_dataset, &PositionsDataset::forecastProgressed, this,
            [this](double fraction, const QString& stage) {
                if (fraction >= 0)
                    m_progress->setValue(int(fraction * 100));
                m_progress->setFormat(stage.isEmpty() ? QStringLiteral("%p%")
                                                      : stage + QStringLiteral(" · %p%"));
            });
    connect(m_dataset, &PositionsDataset::forecastFinished, this, [this](const PositionsForecast& f) {
        setRunning(false);
        show(f);
    });
    connect(m_dataset, &PositionsDataset::forecastCancelled, this, [this] {
        setRunning(false);
        m_progress->setFormat(tr("cancelled"));
    });
    connect(m_dataset, &PositionsDataset::forecastFailed, this, [this](const Error& e) {
        setRunning(false);
        m_figures->setText(errorHtml(e.message()));
    });
    connect(m_dataset, &PositionsDataset::loaded, this, &PositionsCapacityPanel::showKnown);
    connect(m_dataset, &DatasetBase::cleared, this,
            &PositionsCapacityPanel::clear); // another database, or a failed load
    m_whatIf->setConfigured(m_dataset->settings());
    setRunning(false);
    if (m_dataset->isConnected() && !m_dataset->isLoading() && m_dataset->mowers()->rowCount() > 0)
        showKnown();
}

void PositionsCapacityPanel::clear() {
    m_chart->setSeries({});
    m_chart->setLimits({});
    m_chart->setMarkers({});
    m_figures->clear();
    m_outcomes->setRowCount(0);
}

// What the dataset's load knows, at once: its mowers, their rows (an estimate with its age) and the slices
// pending. A forecast shown before (of the table before a round) gives way to it.
void PositionsCapacityPanel::showKnown() {
    clear();
    const MowerSummaryModel* model = m_dataset->mowers();
    long long slices = 0;
    for (const MowerSummary& m : model->mowers())
        slices += m.slicesPending;
    const int mowers = model->rowCount();
    QStringList lines;
    lines << tr("Now: %n mower(s), %1", nullptr, mowers).arg(model->rowsText());
    lines << tr("%1 slices pending for the next rounds").arg(display::count(slices));
    lines << tr("Forecast adds the rows a day, what thinning keeps, the steady state and the catch-up.");
    m_figures->setText(lines.join(QStringLiteral("\n\n")));
}

void PositionsCapacityPanel::forecast() {
    m_whatIfError->clear();
    std::vector<PositionsWhatIf> whatIf;
    if (const auto overrides = m_whatIf->overrides(); !overrides.empty()) {
        try {
            whatIf.push_back(PositionsWhatIf::apply(overrides, m_dataset->settings()));
        } catch (const Error& e) {
            m_whatIfError->setText(errorHtml(e.message()));
            return;
        }
    }
    const std::optional<int> sample =
        m_sample->value() == 0 ? std::nullopt : std::optional<int>(m_sample->value());
    if (m_dataset->startForecast(std::move(whatIf), sample))
        setRunning(true);
    else
        m_figures->setText(errorHtml(m_dataset->settingsError().isEmpty()
                                         ? tr("Connect to a positions database first.")
                                         : m_dataset->settingsError()));
}

void PositionsCapacityPanel::setRunning(bool running) {
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_progress->setVisible(running);
    if (running) {
        m_progress->setValue(0);
        m_progress->setFormat(tr("starting"));
    }
}

QString PositionsCapacityPanel::figuresText() const {
    return m_figures->text();
}

void PositionsCapacityPanel::show(const PositionsForecast& f) {
    const PositionsMeasurements& m = f.measured;
    QStringList lines;
    lines << (f.rowsPerDay ? tr("%1 rows a day over the last 14 days").arg(count(*f.rowsPerDay))
                           : tr("Rows a day: — (%1)").arg(f.rowsPerDayReason));
    lines << tr("Sample: %1 of %2 mowers; a round would judge %3 rows now and keep %4 (ratio %5); worst "
                "coverage deviation %6")
                 .arg(m.sampledMowers)
                 .arg(m.mowers)
                 .arg(display::count(m.sampleRowsScanned), display::count(m.sampleRowsKept),
                      f.thinningRatio ? display::number(*f.thinningRatio, 3) : QStringLiteral("—"),
                      deviation(f.worstCoverageDeviation));
    lines << (f.steadyStateRows
                  ? tr("Steady state: %1 rows, %2")
                        .arg(count(*f.steadyStateRows),
                             f.steadyStateBytes ? ChartAxis::valueText(*f.steadyStateBytes, ValueUnit::Bytes)
                                                : QStringLiteral("—"))
                  : tr("Steady state: — (%1)").arg(f.steadyStateReason));
    const ThinningCatchUp& c = m.catchUp;
    lines << (c.nights
                  ? tr("Catch-up: %1 slices pending, %n night(s) at the recorded pace", nullptr,
                       int(*c.nights))
                        .arg(display::count(c.slicesPending))
                  : tr("Catch-up: %1 slices pending (%2)").arg(display::count(c.slicesPending), c.reason));
    for (const QString& w : f.warnings + f.failures)
        lines << w;
    m_figures->setText(lines.join(QStringLiteral("\n\n")));
    showChart(f);
    showOutcomes(f);
}

void PositionsCapacityPanel::showChart(const PositionsForecast& f) {
    const QColor rows(0x1f, 0x6f, 0xc5), thinnedColour(0x2e, 0x8b, 0x57);
    TimeSeries history{tr("table rows"), rows, TimeSeries::Kind::Line, false, {}, {}, {}, 0};
    double cumulative = 0;
    for (const BandRows& d : f.history) {
        cumulative += d.total();
        history.points.push_back(TimePoint{d.day + kMicrosPerDay, cumulative, 0, {}});
    }
    TimeSeries total{tr("projected rows"), rows, TimeSeries::Kind::Line, true, {}, {}, {}, 0};
    TimeSeries thinned{tr("of them thinned"), thinnedColour, TimeSeries::Kind::Line, true, {}, {}, {}, 0};
    for (const BandRows& d : f.projection) {
        total.points.push_back(TimePoint{d.day, d.total(), 0, {}});
        thinned.points.push_back(TimePoint{d.day, d.thinned, 0, {}});
    }
    m_chart->setSeries({history, total, thinned});
    std::vector<LimitLine> limits;
    if (f.steadyStateRows)
        limits.push_back(
            LimitLine{*f.steadyStateRows, tr("steady state %1").arg(count(*f.steadyStateRows)), {}});
    m_chart->setLimits(limits);
    std::vector<TimeMarker> markers{TimeMarker{f.measured.now, tr("now"), {}}};
    if (f.measured.catchUp.nights && *f.measured.catchUp.nights > 0)
        markers.push_back(
            TimeMarker{f.measured.now + *f.measured.catchUp.nights * kMicrosPerDay, tr("caught up"), {}});
    m_chart->setMarkers(markers);
}

// One line per setting the what-if changes, "NAME = value" (the names without the common prefix; the
// tooltip has them whole).
QString PositionsCapacityPanel::settingsText(const PositionsWhatIf& whatIf) {
    QStringList lines;
    for (const auto& [name, value] : whatIf.overrides)
        lines << QStringLiteral("%1 = %2").arg(QString(name).remove(QStringLiteral("MOWDECK_TELEMETRY_")),
                                               value);
    return lines.join(QLatin1Char('\n'));
}

void PositionsCapacityPanel::showOutcomes(const PositionsForecast& f) {
    m_outcomes->setRowCount(int(f.whatIf.size()) + 1);
    const auto row = [&](int r, const QString& label, const QString& tip, long long scanned, long long kept,
                         const std::optional<double>& worst) {
        const bool passes = worst && *worst <= CoverageCheck::kTolerance;
        // Without a deviation there is nothing the check could pass or fail: say why instead.
        const QString check = worst          ? (passes ? tr("passes") : tr("fails"))
                              : scanned == 0 ? tr("no rows to compare: already thinned")
                                             : tr("not checked: no range with coverage");
        const QStringList cells = {label,
                                   display::count(scanned),
                                   display::count(kept),
                                   r == 0 ? QStringLiteral("—")
                                          : display::count(f.measured.sampleRowsKept - kept),
                                   worst ? display::percent(*worst) : QStringLiteral("—"),
                                   check};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c > 0 && c < 5)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == 0 && !tip.isEmpty())
                item->setToolTip(tip);
            if (c == 5 && worst && !passes)
                item->setForeground(QColor(0xb0, 0x00, 0x20));
            m_outcomes->setItem(r, c, item);
        }
    };
    row(0, tr("configured"), {}, f.measured.sampleRowsScanned, f.measured.sampleRowsKept,
        f.worstCoverageDeviation);
    for (std::size_t i = 0; i < f.whatIf.size(); ++i) {
        const WhatIfOutcome& o = f.whatIf[i];
        QStringList names;
        for (const auto& [name, value] : o.whatIf.overrides)
            names << QStringLiteral("%1=%2").arg(name, value);
        row(int(i) + 1, settingsText(o.whatIf), names.join(QLatin1Char('\n')), o.rowsScanned, o.rowsKept,
            o.worstCoverageDeviation);
    }
    m_outcomes->resizeColumnsToContents();
    m_outcomes->resizeRowsToContents();
}

} // namespace tidemark::ui
