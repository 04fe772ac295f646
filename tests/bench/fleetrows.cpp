#include "fleetrows.h"

#include "copytextbuffer.h"
#include "pgconnection.h"
#include "timestamp.h"

#include <QElapsedTimer>
#include <QUuid>
#include <algorithm>
#include <cstdio>

namespace tidemark::bench {

namespace {
const char* kStart = "2025-01-01T00:00:00Z";
constexpr int kSessions = 30;
} // namespace

void addFleetRows(PgConnection& db, int mowers, long long perMower, int offsetMs) {
    QElapsedTimer t;
    t.start();
    const Micros start = parseIsoTimestamp(QString::fromLatin1(kStart));
    const long long perSession = std::max(1LL, perMower / kSessions);
    for (int m0 = 0; m0 < mowers; m0 += 100) {
        demo::CopyTextBuffer copy(db);
        copy.begin(QStringLiteral(
            "COPY mower_positions (mower_id, observed_at, lat, lon, blades_on, rtk_fix) FROM STDIN"));
        for (int m = m0; m < std::min(mowers, m0 + 100); ++m) {
            const QUuid id(QStringLiteral("00000000-0000-0000-0001-%1").arg(m, 12, 16, QLatin1Char('0')));
            for (long long g = 0; g < perMower; ++g) {
                const long long inSession = g % perSession, lane = inSession / 40, along = g % 40;
                const Micros at = start + (g / perSession) * 365 / kSessions * kMicrosPerDay +
                                  (8 + m % 10) * kMicrosPerHour + inSession * kMicrosPerSecond +
                                  Micros(offsetMs) * 1000;
                copy.uuid(id)
                    .timestamptz(at)
                    .real(52.0 + m * 1e-3 + lane * 0.22 / 111195.0)
                    .real(13.0 + double(lane % 2 == 0 ? along : 39 - along) * 0.5 / 68459.0)
                    .boolean(g % 97 != 0)
                    .integer(2);
                copy.endRow();
            }
        }
        copy.end();
        std::fprintf(stderr, "\r  %d/%d mowers, %.0f s", std::min(mowers, m0 + 100), mowers,
                     t.elapsed() / 1e3);
    }
    std::fprintf(stderr, "\n");
}

} // namespace tidemark::bench
