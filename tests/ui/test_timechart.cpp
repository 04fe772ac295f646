#include "chartaxis.h"
#include "roundhistorychart.h"
#include "screenshots.h"
#include "timechart.h"

#include <QApplication>
#include <QDir>
#include <QHelpEvent>
#include <QTest>
#include <QToolTip>
#include <QVBoxLayout>
#include <cmath>

using namespace tidemark;
using namespace tidemark::ui;
using Unit = TimeStep::Unit;
using Kind = TimeSeries::Kind;

namespace {

constexpr double kGiB = 1024.0 * 1024 * 1024;
const QColor kAlert(200, 40, 40);

Micros at(const char* iso) {
    return parseIsoTimestamp(QString::fromLatin1(iso));
}

QStringList labelsOf(const TimeAxis& axis) {
    QStringList labels;
    for (const Micros t : axis.ticks)
        labels << ChartAxis::timeLabel(t, axis.step);
    return labels;
}

QStringList labelsOf(const ValueAxis& axis, ValueUnit unit) {
    QStringList labels;
    for (const double v : axis.ticks)
        labels << ChartAxis::valueLabel(v, axis, unit);
    return labels;
}

QString withUnit(const char* number, const char* unit) {
    return QString::fromLatin1(number) + QChar(QChar::Nbsp) + QString::fromLatin1(unit);
}

bool near(QRgb pixel, const QColor& c, int tolerance = 48) {
    return std::abs(qRed(pixel) - c.red()) + std::abs(qGreen(pixel) - c.green()) +
               std::abs(qBlue(pixel) - c.blue()) <=
           tolerance;
}

// Whether a pixel of colour c lies within one pixel of p.
bool drawnAt(const QImage& image, QPointF p, const QColor& c) {
    for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy) {
            const QPoint q(int(p.x()) + dx, int(p.y()) + dy);
            if (image.rect().contains(q) && near(image.pixel(q), c))
                return true;
        }
    return false;
}

// The share of n samples along a path of points that colour c covers.
double coverage(const QImage& image, const std::vector<QPointF>& path, const QColor& c, int n = 400) {
    int hits = 0;
    for (int i = 0; i < n; ++i) {
        const double f = (double(i) + 0.5) / n * double(path.size() - 1);
        const std::size_t k = std::size_t(f);
        const QPointF p = path[k] + (path[k + 1] - path[k]) * (f - double(k));
        hits += drawnAt(image, p, c) ? 1 : 0;
    }
    return double(hits) / n;
}

QImage grabbed(QWidget& w) {
    return w.grab().toImage().convertToFormat(QImage::Format_RGB32);
}

// Three months of a growing tracks file, and its projection to 2 GiB.
struct TracksFigures {
    TimeSeries history;
    TimeSeries projection;
    Micros now = 0;
    Micros reached = 0;
};

TracksFigures tracksFigures() {
    TracksFigures f;
    const Micros start = at("2026-01-01T00:00:00Z");
    f.history = {QStringLiteral("file size"), {}, Kind::Line, false, {}, {}, {}, 0};
    for (int i = 0; i <= 90; ++i)
        f.history.points.push_back(
            {start + i * kMicrosPerDay, (0.9 + 0.5 * i / 90.0 + 0.01 * std::sin(i * 0.7)) * kGiB, 0, {}});
    f.now = f.history.points.back().at;
    f.reached = f.now + 108 * kMicrosPerDay; // 0.6 GiB more at 0.5 GiB per 90 days
    f.projection = {QStringLiteral("projection"), {}, Kind::Line, true, {}, {}, {}, 0};
    f.projection.points = {f.history.points.back(), {f.reached, 2 * kGiB, 0, {}}};
    return f;
}

std::vector<QPointF> pathOf(const TimeChart& chart, const TimeSeries& s) {
    std::vector<QPointF> path;
    for (const TimePoint& p : s.points)
        path.push_back(chart.position(p.at, p.value));
    return path;
}

positions::RoundHistoryEntry round(const char* iso, bool dryRun, long long scanned, long long deleted,
                                   double seconds) {
    positions::RoundHistoryEntry e;
    e.startedAt = at(iso);
    e.dryRun = dryRun;
    e.complete = true;
    e.slices = 10;
    e.scanned = scanned;
    e.deleted = deleted;
    e.seconds = seconds;
    return e;
}

} // namespace

class TestTimeChart : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void threeHours() {
        const TimeAxis halfHours = ChartAxis::time(at("2026-03-04T09:10:00Z"), at("2026-03-04T12:10:00Z"), 8);
        QCOMPARE(halfHours.step, (TimeStep{Unit::Minute, 30}));
        QCOMPARE(halfHours.from, at("2026-03-04T09:10:00Z"));
        QCOMPARE(halfHours.to, at("2026-03-04T12:10:00Z"));
        QCOMPARE(labelsOf(halfHours), (QStringList{"09:30", "10:00", "10:30", "11:00", "11:30", "12:00"}));
        const TimeAxis hours = ChartAxis::time(at("2026-03-04T09:10:00Z"), at("2026-03-04T12:10:00Z"), 4);
        QCOMPARE(hours.step, (TimeStep{Unit::Hour, 1}));
        QCOMPARE(hours.ticks, (std::vector<Micros>{at("2026-03-04T10:00:00Z"), at("2026-03-04T11:00:00Z"),
                                                   at("2026-03-04T12:00:00Z")}));
        // Past midnight the day is named.
        const TimeAxis night = ChartAxis::time(at("2026-03-04T22:30:00Z"), at("2026-03-05T01:30:00Z"), 4);
        QCOMPARE(labelsOf(night), (QStringList{"23:00", "5 Mar", "01:00"}));
    }

    void tenDays() {
        const TimeAxis days = ChartAxis::time(at("2026-03-01T00:00:00Z"), at("2026-03-11T00:00:00Z"), 6);
        QCOMPARE(days.step, (TimeStep{Unit::Day, 2}));
        QCOMPARE(labelsOf(days), (QStringList{"2 Mar", "4 Mar", "6 Mar", "8 Mar", "10 Mar"}));
        const TimeAxis weeks = ChartAxis::time(at("2026-03-01T00:00:00Z"), at("2026-03-11T00:00:00Z"), 3);
        QCOMPARE(weeks.step, (TimeStep{Unit::Week, 1}));
        QCOMPARE(labelsOf(weeks), (QStringList{"2 Mar", "9 Mar"})); // Mondays
    }

    void twoYears() {
        const TimeAxis halves = ChartAxis::time(at("2025-01-01T00:00:00Z"), at("2027-01-01T00:00:00Z"), 6);
        QCOMPARE(halves.step, (TimeStep{Unit::Month, 6}));
        QCOMPARE(labelsOf(halves), (QStringList{"2025", "Jul", "2026", "Jul", "2027"}));
        QCOMPARE(halves.ticks[1], at("2025-07-01T00:00:00Z"));
        const TimeAxis quarters = ChartAxis::time(at("2025-01-01T00:00:00Z"), at("2027-01-01T00:00:00Z"), 12);
        QCOMPARE(quarters.step, (TimeStep{Unit::Month, 3}));
        QCOMPARE(labelsOf(quarters),
                 (QStringList{"2025", "Apr", "Jul", "Oct", "2026", "Apr", "Jul", "Oct", "2027"}));
        const TimeAxis years = ChartAxis::time(at("2025-03-01T00:00:00Z"), at("2031-12-01T00:00:00Z"), 4);
        QCOMPARE(years.step, (TimeStep{Unit::Year, 2}));
        QCOMPARE(labelsOf(years), (QStringList{"2026", "2028", "2030"}));
    }

    void singlePoint() {
        const Micros t = at("2026-03-04T09:20:00Z");
        const TimeAxis axis = ChartAxis::time(t, t, 5);
        QCOMPARE(axis.from, at("2026-03-04T08:50:00Z"));
        QCOMPARE(axis.to, at("2026-03-04T09:50:00Z"));
        QCOMPARE(axis.step, (TimeStep{Unit::Minute, 15}));
        QCOMPARE(labelsOf(axis), (QStringList{"09:00", "09:15", "09:30", "09:45"}));
        const ValueAxis value = ChartAxis::value(42, 42, 5, ValueUnit::Number);
        QCOMPARE(value.ticks, (std::vector<double>{0, 20, 40, 60}));
    }

    void bytes() {
        const ValueAxis axis = ChartAxis::value(0, 1.2e9, 5, ValueUnit::Bytes);
        QCOMPARE(axis.scale, kGiB);
        QCOMPARE(axis.step, 0.5 * kGiB);
        QCOMPARE(axis.ticks, (std::vector<double>{0, 0.5 * kGiB, kGiB, 1.5 * kGiB}));
        QCOMPARE(labelsOf(axis, ValueUnit::Bytes), (QStringList{"0", "0.5 GiB", "1 GiB", "1.5 GiB"}));
        // A single size reads as everywhere else: display::size.
        QCOMPARE(ChartAxis::valueText(1.2e9, ValueUnit::Bytes), QStringLiteral("1.12 GiB"));
        QCOMPARE(ChartAxis::valueText(2 * kGiB, ValueUnit::Bytes), QStringLiteral("2.00 GiB"));
        QCOMPARE(ChartAxis::valueText(512, ValueUnit::Bytes), QStringLiteral("512 B"));
    }

    void counts() {
        const ValueAxis axis = ChartAxis::value(0, 12.3e6, 6, ValueUnit::Count);
        QCOMPARE(axis.ticks, (std::vector<double>{0, 5e6, 10e6, 15e6}));
        QCOMPARE(labelsOf(axis, ValueUnit::Count),
                 (QStringList{"0", withUnit("5", "M"), withUnit("10", "M"), withUnit("15", "M")}));
        const ValueAxis fine = ChartAxis::value(0, 1.23e6, 6, ValueUnit::Count);
        QCOMPARE(labelsOf(fine, ValueUnit::Count),
                 (QStringList{"0", withUnit("0.5", "M"), withUnit("1", "M"), withUnit("1.5", "M")}));
        QCOMPARE(ChartAxis::valueText(12345678, ValueUnit::Count), QStringLiteral("12,345,678"));
        QCOMPARE(ChartAxis::valueText(12.34e6 + 0.5, ValueUnit::Count), withUnit("12.3", "M"));
        // Small counts never get fractional ticks.
        QCOMPARE(ChartAxis::value(0, 3, 9, ValueUnit::Count).ticks, (std::vector<double>{0, 1, 2, 3}));
        QCOMPARE(ChartAxis::value(0, 3, 9, ValueUnit::Number).step, 0.5);
    }

    void allZero() {
        const ValueAxis counts = ChartAxis::value(0, 0, 5, ValueUnit::Count);
        QCOMPARE(counts.ticks, (std::vector<double>{0, 1}));
        const ValueAxis numbers = ChartAxis::value(0, 0, 5, ValueUnit::Number);
        QCOMPARE(numbers.ticks, (std::vector<double>{0, 0.5, 1}));
        QCOMPARE(labelsOf(numbers, ValueUnit::Number), (QStringList{"0", "0.5", "1"}));
        const ValueAxis bytes = ChartAxis::value(0, 0, 5, ValueUnit::Bytes);
        QCOMPARE(bytes.ticks, (std::vector<double>{0, 1}));
        // A range below zero keeps zero in it.
        QCOMPARE(ChartAxis::value(-30, -10, 5, ValueUnit::Number).ticks,
                 (std::vector<double>{-30, -20, -10, 0}));
    }

    void instants() {
        QCOMPARE(ChartAxis::instantText(at("2027-03-04T00:00:00Z")), QStringLiteral("2027-03-04"));
        QCOMPARE(ChartAxis::instantText(at("2027-03-04T14:05:00Z")), QStringLiteral("2027-03-04 14:05 UTC"));
        QCOMPARE(ChartAxis::instantText(at("2027-03-04T14:05:30Z")),
                 QStringLiteral("2027-03-04 14:05:30 UTC"));
        QCOMPARE(ChartAxis::timeLabel(at("2027-03-04T14:05:30Z"), {Unit::Second, 30}),
                 QStringLiteral("14:05:30"));
        QCOMPARE(ChartAxis::timeLabel(at("2027-03-01T00:00:00Z"), {Unit::Day, 1}), QStringLiteral("1 Mar"));
        QCOMPARE(ChartAxis::timeLabel(at("2027-01-01T00:00:00Z"), {Unit::Week, 1}), QStringLiteral("1 Jan"));
        QCOMPARE(ChartAxis::timeLabel(at("2027-01-01T00:00:00Z"), {Unit::Month, 1}), QStringLiteral("2027"));
    }

    // Every span from a second to five centuries: at most maxTicks ticks, in order, inside the range.
    void ticksStayWithinTheirLimit() {
        const Micros start = at("2026-03-04T09:10:11Z");
        for (double span = 1e6; span < 500 * 365.25 * kMicrosPerDay; span *= 1.37)
            for (const int maxTicks : {2, 4, 5, 7, 9}) {
                const TimeAxis axis = ChartAxis::time(start, start + Micros(span), maxTicks);
                const QString what = QStringLiteral("span %1 s, %2 ticks").arg(span / 1e6).arg(maxTicks);
                QVERIFY2(int(axis.ticks.size()) <= maxTicks, qPrintable(what));
                QVERIFY2(axis.ticks.size() >= (maxTicks >= 7   ? 2u
                                               : maxTicks >= 4 ? 1u
                                                               : 0u),
                         qPrintable(what));
                for (std::size_t i = 0; i < axis.ticks.size(); ++i) {
                    QVERIFY2(axis.ticks[i] >= axis.from && axis.ticks[i] <= axis.to, qPrintable(what));
                    QVERIFY2(i == 0 || axis.ticks[i] > axis.ticks[i - 1], qPrintable(what));
                }
            }
    }

    // The tracks view's figure: history, its projection to the 2 GiB alert, "now" and the date it is reached.
    void historyProjectionLimitAndMarkers() {
        const TracksFigures f = tracksFigures();
        QWidget window;
        auto* chart = new TimeChart(&window);
        (new QVBoxLayout(&window))->addWidget(chart);
        chart->setTitle(QStringLiteral("Tracks file size"));
        chart->setValueUnit(ValueUnit::Bytes);
        chart->setSeries({f.history});
        window.resize(720, 340);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(chart->valueAxis().to >= 1.41 * kGiB && chart->valueAxis().to < 2 * kGiB); // the data alone
        QCOMPARE(chart->timeAxis().to, f.now);
        chart->setLimits({{2 * kGiB, QStringLiteral("2 GiB alert"), kAlert}});
        QCOMPARE(chart->valueAxis().to, 2 * kGiB); // the limit is in the range
        chart->setMarkers({{f.now, QStringLiteral("now"), {}},
                           {f.reached, QStringLiteral("reaches 2 GiB on 2026-07-18"), kAlert}});
        QCOMPARE(chart->timeAxis().to, f.reached); // and so is the last marker
        chart->setSeries({f.history, f.projection});
        const TimeAxis time = chart->timeAxis();
        QVERIFY(time.from <= f.history.points.front().at && time.to >= f.reached);
        QVERIFY2(time.ticks.size() >= 4 && time.ticks.size() <= 12,
                 qPrintable(QString::number(time.ticks.size())));
        QVERIFY(time.step.unit == Unit::Month || time.step.unit == Unit::Week);

        const QImage image = grabbed(*chart);
        QVERIFY(!tidemark::test::saveScreenshot(chart, QStringLiteral("timechart-tracks.png")).isEmpty());
        // History solid, projection dashed, both in the first colour of the chart.
        const QColor blue(0x2f6fdf);
        const std::vector<QPointF> history = pathOf(*chart, f.history);
        std::vector<QPointF> projection = pathOf(*chart, f.projection);
        projection = {projection[0] + (projection[1] - projection[0]) * 0.1,
                      projection[0] + (projection[1] - projection[0]) * 0.85};
        QVERIFY2(coverage(image, history, blue) > 0.97,
                 qPrintable(QString::number(coverage(image, history, blue))));
        const double dashed = coverage(image, projection, blue);
        QVERIFY2(dashed > 0.35 && dashed < 0.9, qPrintable(QString::number(dashed)));
        // The limit line is dashed across the plot at 2 GiB, and only there.
        const int limitRow = int(chart->position(f.now, 2 * kGiB).y());
        const int left = int(chart->position(time.from, 0).x()) + 2;
        const int right = int(chart->position(time.to, 0).x()) - 2;
        const auto alertShare = [&](int row) {
            int hits = 0;
            for (int x = left; x < right; ++x)
                hits += near(image.pixel(x, row), kAlert) ? 1 : 0;
            return double(hits) / (right - left);
        };
        QVERIFY2(alertShare(limitRow) > 0.3, qPrintable(QString::number(alertShare(limitRow))));
        QVERIFY(alertShare(limitRow + 6) < 0.05);
        // The "reached" marker runs down the plot at its instant.
        const int markerColumn = int(chart->position(f.reached, 0).x());
        int markerHits = 0;
        for (int y = limitRow + 4; y < int(chart->position(f.now, 0).y()) - 2; ++y)
            markerHits += near(image.pixel(markerColumn, y), kAlert) ? 1 : 0;
        QVERIFY2(markerHits > 20, qPrintable(QString::number(markerHits)));

        // A twice-as-dense render for high-DPI screens.
        QPixmap hiDpi(chart->size() * 2);
        hiDpi.setDevicePixelRatio(2);
        hiDpi.fill(Qt::transparent);
        chart->render(&hiDpi);
        QCOMPARE(hiDpi.toImage().size(), chart->size() * 2);
        QVERIFY(hiDpi.save(QStringLiteral(TIDEMARK_BINARY_DIR "/screenshots/timechart-tracks@2x.png")));
        QVERIFY(coverage(
                    hiDpi.toImage().convertToFormat(QImage::Format_RGB32),
                    [&] {
                        std::vector<QPointF> doubled;
                        for (const QPointF& p : history)
                            doubled.push_back(p * 2);
                        return doubled;
                    }(),
                    blue) > 0.97);
    }

    void tooltipNamesTheNearestPoint() {
        const TracksFigures f = tracksFigures();
        TimeChart chart;
        TimeSeries index{QStringLiteral("index size"), {}, Kind::Line, false, {}, {}, {}, 0};
        for (const TimePoint& p : f.history.points)
            index.points.push_back({p.at, p.value / 2, 0, {}});
        chart.setValueUnit(ValueUnit::Bytes);
        chart.setSeries({f.history, f.projection, index});
        chart.resize(720, 340);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const TimePoint& p45 = f.history.points[45];
        const TimePoint& p46 = f.history.points[46];
        const QString expected = ChartAxis::instantText(p45.at) + QStringLiteral("\nfile size: ") +
                                 ChartAxis::valueText(p45.value, ValueUnit::Bytes);
        QCOMPARE(expected.left(10), QStringLiteral("2026-02-15"));
        const QPointF a = chart.position(p45.at, p45.value);
        const QPointF b = chart.position(p46.at, p46.value);
        QCOMPARE(chart.toolTipAt(a.toPoint()), expected);
        QCOMPARE(chart.toolTipAt((a + (b - a) * 0.3).toPoint() + QPoint(0, 8)), expected);
        QVERIFY(chart.toolTipAt((a + (b - a) * 0.8).toPoint()).startsWith(QStringLiteral("2026-02-16\n")));
        QVERIFY(chart.toolTipAt(QPoint(1, 1)).isEmpty()); // off the plot
        // At the same instant, the series under the mouse.
        QCOMPARE(chart.toolTipAt(chart.position(p45.at, p45.value / 2).toPoint() + QPoint(0, 3)),
                 ChartAxis::instantText(p45.at) + QStringLiteral("\nindex size: ") +
                     ChartAxis::valueText(p45.value / 2, ValueUnit::Bytes));
        // The projection's end is its own point.
        const QPointF end = chart.position(f.reached, 2 * kGiB);
        QCOMPARE(chart.toolTipAt(end.toPoint()), ChartAxis::instantText(f.reached) +
                                                     QStringLiteral("\nprojection: ") +
                                                     ChartAxis::valueText(2 * kGiB, ValueUnit::Bytes));
        // The same text as a real tooltip.
        QHelpEvent help(QEvent::ToolTip, a.toPoint(), chart.mapToGlobal(a.toPoint()));
        QApplication::sendEvent(&chart, &help);
        QTRY_COMPARE(QToolTip::text(), expected);
        QToolTip::hideText();
    }

    // The kudos view's kind of figure: weekly bars, projected bars hatched, on a dark palette.
    void barsOnADarkPalette() {
        TimeSeries weeks{QStringLiteral("online rows per week"), {}, Kind::Bars, false, {}, {}, {}, 0};
        TimeSeries projected{QStringLiteral("projected"), {}, Kind::Bars, true, {}, {}, {}, 0};
        const Micros monday = at("2026-01-05T00:00:00Z");
        const Micros week = 7 * kMicrosPerDay;
        for (int i = 0; i < 20; ++i)
            weeks.points.push_back({monday + i * week, 4.1e6 + 0.15e6 * i + 0.2e6 * std::sin(i), 0, {}});
        for (int i = 20; i < 30; ++i)
            projected.points.push_back({monday + i * week, 4.1e6 + 0.15e6 * i, 0, {}});
        QPalette dark;
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x30));
        dark.setColor(QPalette::Text, QColor(0xdf, 0xe1, 0xe5));
        dark.setColor(QPalette::WindowText, QColor(0xdf, 0xe1, 0xe5));
        dark.setColor(QPalette::Mid, QColor(0x45, 0x47, 0x4b));
        TimeChart chart;
        chart.setPalette(dark);
        chart.setTitle(QStringLiteral("Online rows"));
        chart.setValueUnit(ValueUnit::Count);
        chart.setSeries({weeks, projected});
        chart.setMarkers({{monday + 19 * week + week / 2, QStringLiteral("now"), {}}});
        chart.resize(720, 300);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const QImage image = grabbed(chart);
        QVERIFY(!tidemark::test::saveScreenshot(&chart, QStringLiteral("timechart-bars-dark.png")).isEmpty());
        const QColor bar = QColor(0x2f6fdf).lighter(125); // the first colour, lighter on a dark base
        const auto middleOf = [&](const TimePoint& p) { return chart.position(p.at, p.value / 2).toPoint(); };
        QVERIFY(near(image.pixel(middleOf(weeks.points[5])), bar, 12));
        // Hatched: the projected bar holds both the colour and a fainter fill.
        int full = 0;
        int faint = 0;
        const QPoint c = middleOf(projected.points[5]);
        for (int dx = -3; dx <= 3; ++dx)
            for (int dy = -10; dy <= 10; ++dy) {
                const QRgb px = image.pixel(c + QPoint(dx, dy));
                full += near(px, bar, 12) ? 1 : 0;
                faint +=
                    !near(px, bar, 60) && qGray(px) > qGray(dark.color(QPalette::Base).rgb()) + 8 ? 1 : 0;
            }
        QVERIFY2(full > 10 && faint > 10, qPrintable(QStringLiteral("%1 %2").arg(full).arg(faint)));
        // The labels are written in the palette's light text, on the dark base.
        QVERIFY(qGray(image.pixel(chart.position(monday + 3 * week, 4e6).toPoint() + QPoint(0, -30))) < 60);
        int light = 0;
        for (int x = 0; x < int(chart.position(monday, 0).x()) - 8; ++x)
            for (int y = 0; y < chart.height(); ++y)
                light += qGray(image.pixel(x, y)) > 150 ? 1 : 0;
        QVERIFY2(light > 30, qPrintable(QString::number(light)));
    }

    // A positions kind of figure: table rows as steps, falling to the steady state.
    void stepsToASteadyState() {
        TimeSeries rows{QStringLiteral("table rows"), {}, Kind::Step, false, {}, {}, {}, 0};
        const Micros start = at("2026-02-01T02:00:00Z");
        double value = 96e6;
        for (int night = 0; night < 14; ++night, value = 41e6 + (value - 41e6) * 0.78)
            rows.points.push_back({start + night * kMicrosPerDay, value, 0, {}});
        TimeSeries steady{QStringLiteral("projection"), {}, Kind::Line, true,
                          {rows.points.back()},         {}, {},         0};
        steady.points.push_back({start + 24 * kMicrosPerDay, 41.6e6, 0, {}});
        TimeChart chart;
        chart.setTitle(QStringLiteral("mower_positions rows"));
        chart.setValueUnit(ValueUnit::Count);
        chart.setSeries({rows, steady});
        chart.setLimits({{41.2e6, QStringLiteral("steady state 41.2 M"), {}}});
        chart.setMarkers({{rows.points.back().at, QStringLiteral("now"), {}}});
        chart.resize(560, 260);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const QImage image = grabbed(chart);
        QVERIFY(!tidemark::test::saveScreenshot(&chart, QStringLiteral("timechart-steps.png")).isEmpty());
        // A step holds the value until the next point: the middle of the first night is at the first value.
        const QColor blue(0x2f6fdf);
        const QPointF held = chart.position(start + kMicrosPerDay / 2, rows.points[0].value);
        QVERIFY(drawnAt(image, held, blue));
        const QPointF diagonal =
            chart.position(start + kMicrosPerDay / 2, (rows.points[0].value + rows.points[1].value) / 2);
        QVERIFY(!drawnAt(image, diagonal, blue));
    }

    void emptyState() {
        TimeChart chart;
        chart.setLimits({{2 * kGiB, QStringLiteral("2 GiB"), kAlert}});
        chart.resize(400, 200);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QCOMPARE(chart.emptyText(), QStringLiteral("No history yet."));
        QVERIFY(chart.toolTipAt(chart.rect().center()).isEmpty());
        const QImage image = grabbed(chart);
        QVERIFY(!tidemark::test::saveScreenshot(&chart, QStringLiteral("timechart-empty.png")).isEmpty());
        int text = 0;
        int alert = 0;
        const QRgb base = chart.palette().color(QPalette::Base).rgb();
        for (int y = 2; y < image.height() - 2; ++y)
            for (int x = 2; x < image.width() - 2; ++x) {
                const bool inCentre = std::abs(y - image.height() / 2) < 12;
                text += inCentre && image.pixel(x, y) != base ? 1 : 0;
                alert += near(image.pixel(x, y), kAlert) ? 1 : 0;
            }
        QVERIFY(text > 50); // the empty text, in the middle
        QCOMPARE(alert, 0); // and no axes or limit lines without data
    }

    void roundHistoryThroughItsAdapter() {
        const std::vector<positions::RoundHistoryEntry> entries = {
            round("2026-03-01T02:00:00Z", true, 3'000'000, 1'200'000, 41.5),
            round("2026-03-02T02:00:00Z", false, 3'000'000, 1'150'000, 44.0),
            round("2026-03-03T02:00:00Z", false, 2'100'000, 300'000, 20.2),
            round("2026-03-04T02:00:00Z", true, 2'000'000, 250'000, 18.0),
            round("2026-03-05T02:00:00Z", false, 2'050'000, 260'000, 19.1),
            round("2026-03-06T02:00:00Z", false, 2'080'000, 240'000, 18.7),
        };
        const std::vector<TimeSeries> series = RoundHistoryChart::seriesOf(entries);
        QCOMPARE(series.size(), std::size_t(2));
        const TimeSeries& rounds = series[0];
        const TimeSeries& dryRuns = series[1];
        QCOMPARE(rounds.kind, Kind::Bars);
        QVERIFY(!rounds.projected);
        QVERIFY(dryRuns.projected); // hatched
        QCOMPARE(rounds.points.size(), std::size_t(4));
        QCOMPARE(dryRuns.points.size(), std::size_t(2));
        QCOMPARE(rounds.points[0].at, entries[1].startedAt);
        QCOMPARE(rounds.points[0].value, 1'150'000.0);                 // deleted
        QCOMPARE(rounds.points[0].stacked, 3'000'000.0 - 1'150'000.0); // kept: the rest of the scanned rows
        QCOMPARE(dryRuns.points[1].at, entries[3].startedAt);
        QCOMPARE(dryRuns.points[1].value, 250'000.0);
        QVERIFY(rounds.points[0].note.contains(QStringLiteral("in 44 s")));
        QVERIFY(RoundHistoryChart::seriesOf({entries[1]}).size() == 1); // no dry runs, no dry-run series

        QWidget window;
        auto* chart = new RoundHistoryChart(&window);
        (new QVBoxLayout(&window))->addWidget(chart);
        window.resize(480, 240);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(
            !tidemark::test::saveScreenshot(chart, QStringLiteral("roundhistorychart-empty.png")).isEmpty());
        QCOMPARE(chart->emptyText(), QStringLiteral("No rounds recorded yet."));
        QVERIFY(chart->toolTipAt(chart->rect().center()).isEmpty());
        chart->setEntries(entries);
        QCOMPARE(chart->series().size(), std::size_t(2));
        QCOMPARE(chart->valueUnit(), ValueUnit::Count);
        QVERIFY(chart->valueAxis().to >= 3e6);
        const QImage image = grabbed(*chart);
        QVERIFY(!tidemark::test::saveScreenshot(chart, QStringLiteral("roundhistorychart.png")).isEmpty());

        // A real round's deleted part is solid red and its kept part grey; a dry run's is hatched.
        const QColor red(200, 60, 50);
        const QColor grey(160, 160, 172);
        const auto sample = [&](const positions::RoundHistoryEntry& e, double value) {
            return image.pixel(chart->position(e.startedAt, value).toPoint());
        };
        QVERIFY(near(sample(entries[1], 1'150'000.0 / 2), red, 6));
        QVERIFY(near(sample(entries[1], 2'000'000), grey, 6));
        int solid = 0;
        int other = 0;
        const QPoint centre = chart->position(entries[0].startedAt, 600'000).toPoint();
        for (int dx = -3; dx <= 3; ++dx)
            for (int dy = -6; dy <= 6; ++dy) {
                const QRgb px = image.pixel(centre + QPoint(dx, dy));
                (near(px, red, 6) ? solid : other) += 1;
            }
        QVERIFY2(solid > 5 && other > 20, qPrintable(QStringLiteral("%1 %2").arg(solid).arg(other)));
        const QString tip = chart->toolTipAt(centre);
        QVERIFY2(tip.startsWith(QStringLiteral("2026-03-01 02:00 UTC\ndry run: 1,200,000")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("scanned 3,000,000 in 42 s")),
                 qPrintable(tip)); // display::duration
        QVERIFY2(tip.contains(QStringLiteral("a dry run: nothing was deleted")), qPrintable(tip));
        QVERIFY(chart->toolTipAt(chart->position(entries[1].startedAt, 2e6).toPoint())
                    .contains(QStringLiteral("kept: 1,850,000")));

        // The console's first minute: a dry run, then the round, seconds apart, at the panel's own size.
        chart->setEntries({round("2026-03-01T02:00:05Z", true, 3'000'000, 1'200'000, 41.5),
                           round("2026-03-01T02:01:10Z", false, 3'000'000, 1'200'000, 44.0)});
        window.resize(chart->sizeHint() + QSize(20, 20));
        QTRY_VERIFY(std::abs(chart->width() - chart->sizeHint().width()) <= 4);
        QVERIFY(
            !tidemark::test::saveScreenshot(chart, QStringLiteral("roundhistorychart-small.png")).isEmpty());
        const QImage small = grabbed(*chart);
        const std::vector<TimeSeries>& shown = chart->series();
        const QPoint dry = chart->position(shown[1].points[0].at, 600'000).toPoint();
        const QPoint real = chart->position(shown[0].points[0].at, 600'000).toPoint();
        QVERIFY(real.x() - dry.x() > 40);
        QVERIFY(chart->toolTipAt(dry).contains(QStringLiteral("\ndry run: 1,200,000")));
        QVERIFY(
            chart->toolTipAt(real).startsWith(QStringLiteral("2026-03-01 02:01:10 UTC\ndeleted: 1,200,000")));
        QVERIFY(near(small.pixel(real), red, 6));
    }
};

QTEST_MAIN(TestTimeChart)
#include "test_timechart.moc"
