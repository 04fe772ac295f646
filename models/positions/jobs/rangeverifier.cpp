#include "rangeverifier.h"

#include "pgconnection.h"
#include "positionloader.h"
#include "positionslayout.h"

#include <QCoreApplication>
#include <QLocale>

namespace tidemark::positions {

namespace {

bool sameValues(const PositionRow& a, const PositionRow& b) {
    return a.lat == b.lat && a.lon == b.lon && a.bladesOn == b.bladesOn && a.rtkFix == b.rtkFix &&
           a.wifiRssi == b.wifiRssi && a.mnetRssi == b.mnetRssi;
}

} // namespace

QString RangeVerification::verdictText() const {
    if (equal())
        return QCoreApplication::translate(
                   "RangeVerification",
                   "Verified: the %1 rows left equal the preview's survivors, row for row.")
            .arg(QLocale().toString(actual));
    return QCoreApplication::translate(
               "RangeVerification",
               "Differs from the preview: %1 rows expected, %2 in the table; %3 missing, %4 not "
               "thinned as previewed, %5 changed.")
        .arg(expected)
        .arg(actual)
        .arg(missing)
        .arg(unexpected)
        .arg(changed);
}

RangeVerification RangeVerifier::compare(std::span<const PositionRow> expected,
                                         std::span<const PositionRow> actual) {
    RangeVerification v;
    v.expected = static_cast<long long>(expected.size());
    v.actual = static_cast<long long>(actual.size());
    const auto note = [&](Micros t) {
        if (v.firstDifferences.size() < 20)
            v.firstDifferences.push_back(t);
    };
    std::size_t i = 0, j = 0;
    while (i < expected.size() || j < actual.size()) {
        if (j == actual.size() || (i < expected.size() && expected[i].observedAt < actual[j].observedAt)) {
            ++v.missing;
            note(expected[i++].observedAt);
        } else if (i == expected.size() || actual[j].observedAt < expected[i].observedAt) {
            ++v.unexpected;
            note(actual[j++].observedAt);
        } else {
            if (sameValues(expected[i], actual[j])) {
                ++v.matching;
            } else {
                ++v.changed;
                note(actual[j].observedAt);
            }
            ++i;
            ++j;
        }
    }
    return v;
}

RangeVerification RangeVerifier::verify(const QString& conninfo, const QUuid& mowerId, Micros from, Micros to,
                                        std::span<const PositionRow> expected) {
    auto db = PgConnection::open(conninfo, QStringLiteral("tidemark verify"));
    positions::requirePositionsSchema(*db);
    PositionLoader loader(*db);
    const MowerTrack now = loader.load(mowerId, from, to);
    RangeVerification v = compare(expected, now.rows);
    v.watermark = loader.watermark(mowerId);
    return v;
}

} // namespace tidemark::positions
