// The kudos timeline's labels at a narrow and a wide size: none overlaps another, none leaves the widget, and
// "now", the months, the lane names and the cutoff tags are there. The ranges are the demo's shape (a year of
// weekly currency and statistics ranges up to the week after now), with "now" just after the first of a month
// (where its label met the month's) and the last month line at the axis' right end (where its label was cut).
#include "partitionstatusmodel.h"
#include "partitiontimeline.h"

#include <QDateTime>
#include <QImage>
#include <QRegularExpression>
#include <QTest>
#include <QTimeZone>

using namespace tidemark;
using namespace tidemark::kudos;
using tidemark::ui::PartitionTimeline;

namespace {

Micros at(int year, int month, int day) {
    return QDateTime(QDate(year, month, day), QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch() * 1000;
}

// Weekly ranges of both tables from a year before `now` to the Monday after it; the oldest archived.
std::vector<PartitionStatus> weeksUpTo(Micros now) {
    constexpr Micros week = 7 * kMicrosPerDay;
    const Micros monday = at(2026, 11, 30); // a Monday
    Micros last = monday;
    while (last <= now)
        last += week;
    std::vector<PartitionStatus> statuses;
    for (RetentionDataset dataset : {RetentionDataset::Currency, RetentionDataset::Statistics})
        for (Micros lo = last - 56 * week; lo < last; lo += week) {
            PartitionStatus s;
            s.dataset = dataset;
            s.partition = QStringLiteral("p%1").arg(lo);
            s.lo = lo;
            s.hi = lo + week;
            s.rows = 1000;
            s.eligibleAt = s.hi + 30 * kMicrosPerDay;
            s.state = lo < last - 40 * week ? QStringLiteral("dropped") : QString();
            s.online = s.state.isEmpty();
            statuses.push_back(s);
        }
    return statuses;
}

QString overlapsOrOutside(const PartitionTimeline& timeline) {
    const auto labels = timeline.drawnLabels();
    for (int i = 0; i < labels.size(); ++i) {
        if (!timeline.rect().contains(labels[i].second))
            return QStringLiteral("'%1' leaves the widget").arg(labels[i].first);
        for (int j = i + 1; j < labels.size(); ++j)
            if (labels[i].second.intersects(labels[j].second))
                return QStringLiteral("'%1' overlaps '%2'").arg(labels[i].first, labels[j].first);
    }
    return {};
}

} // namespace

class TestPartitionTimeline : public QObject {
    Q_OBJECT
  private slots:
    void labelsNeitherOverlapNorLeaveTheWidget_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<Micros>("now");
        for (int width : {560, 1000, 2400}) {
            QTest::addRow("%d, now after a month's first", width)
                << width << Micros(at(2026, 12, 2) + kMicrosPerHour);
            QTest::addRow("%d, a month line at the end", width) << width << Micros(at(2026, 12, 29));
        }
    }
    void labelsNeitherOverlapNorLeaveTheWidget() {
        QFETCH(int, width);
        QFETCH(Micros, now);
        PartitionStatusModel model;
        model.setStatuses(weeksUpTo(now), now);
        PartitionTimeline timeline(&model);
        timeline.setWindows(30 * kMicrosPerDay, 30 * kMicrosPerDay);
        timeline.resize(width, timeline.heightForWidth(width));
        timeline.grab(); // paints
        const QString fault = overlapsOrOutside(timeline);
        QVERIFY2(fault.isEmpty(), qPrintable(fault));
        QStringList texts;
        for (const auto& label : timeline.drawnLabels())
            texts << label.first;
        QVERIFY2(texts.contains(QStringLiteral("now")), qPrintable(texts.join(u'|')));
        QVERIFY2(texts.filter(QStringLiteral("now − 30 day")).size() == 2, qPrintable(texts.join(u'|')));
        QVERIFY(texts.contains(QStringLiteral("currency")) && texts.contains(QStringLiteral("statistics")));
        QVERIFY(texts.contains(QStringLiteral("dump failed"))); // the legend's last item, wrapped when narrow
        int months = 0;
        for (const QString& text : texts)
            months += text.contains(QStringLiteral("2026")) || text.contains(QStringLiteral("2027")) ? 1 : 0;
        QVERIFY2(months >= (width > 900 ? 10 : 4), qPrintable(texts.join(u'|')));
    }

    // The month lines and the cutoff lines stop at a block's month-day instead of crossing it: no pixel of
    // their colours inside a block's label (the demo showed "11-0|2" with the red line through it).
    void linesDoNotCrossTheBlockLabels_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<Micros>("now");
        for (int width : {1400, 2400}) {
            QTest::addRow("%d, now after a month's first", width)
                << width << Micros(at(2026, 12, 2) + kMicrosPerHour);
            QTest::addRow("%d, a month line at the end", width) << width << Micros(at(2026, 12, 29));
        }
    }
    void linesDoNotCrossTheBlockLabels() {
        QFETCH(int, width);
        QFETCH(Micros, now);
        // The demo's half year of weeks: wide enough blocks for their labels.
        std::vector<PartitionStatus> weeks = weeksUpTo(now);
        std::erase_if(weeks, [&](const PartitionStatus& s) { return s.hi <= now - 26 * 7 * kMicrosPerDay; });
        PartitionStatusModel model;
        model.setStatuses(weeks, now);
        PartitionTimeline timeline(&model);
        timeline.setWindows(30 * kMicrosPerDay, 30 * kMicrosPerDay);
        timeline.resize(width, timeline.heightForWidth(width));
        const QImage image = timeline.grab().toImage();
        const qreal scale = image.devicePixelRatio();
        const QList<QRgb> lineColours = {QColor(0xb0, 0x00, 0x20).rgb(), QColor(0xa0, 0xa0, 0xa0).rgb()};
        const QRegularExpression monthDay(QStringLiteral("^\\d\\d-\\d\\d$"));
        int checked = 0;
        for (const auto& [text, r] : timeline.drawnLabels()) {
            if (!monthDay.match(text).hasMatch())
                continue;
            ++checked;
            for (int y = int(r.top() * scale); y <= int(r.bottom() * scale); ++y)
                for (int x = int(r.left() * scale); x <= int(r.right() * scale); ++x)
                    QVERIFY2(
                        !lineColours.contains(image.pixel(x, y) | 0xff000000u),
                        qPrintable(QStringLiteral("a line crosses %1 at %2,%3").arg(text).arg(x).arg(y)));
        }
        QVERIFY(checked > 10);
    }

    // The legend wraps rather than run off a narrow timeline: the widget grows by a row.
    void theLegendWrapsWhenNarrow() {
        PartitionStatusModel model;
        PartitionTimeline timeline(&model);
        QVERIFY(timeline.heightForWidth(500) > timeline.heightForWidth(2000));
    }
};

QTEST_MAIN(TestPartitionTimeline)
#include "test_partitiontimeline.moc"
