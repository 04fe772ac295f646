#include "previewloader.h"

#include "common/error.h"
#include "common/pgconnection.h"

#include <QtEndian>
#include <algorithm>
#include <cstring>

namespace tidemark::positions {

namespace {

constexpr Micros kPostgresEpoch = 946684800LL * kMicrosPerSecond;
constexpr char kSignature[] = "PGCOPY\n\377\r\n";
constexpr int kSignatureLength = 11;
constexpr int kFields = 8;

template <typename T> T bigEndian(const char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return qFromBigEndian(v);
}

// Parses the binary COPY stream message by message; the header may share a message with the first tuple.
class BinaryCopyParser {
  public:
    explicit BinaryCopyParser(std::vector<PositionRow>& rows) : m_rows(rows) {}

    void feed(const char* data, int length) {
        const char* p = data;
        const char* end = data + length;
        if (!m_headerDone) {
            if (length < kSignatureLength + 8 || std::memcmp(p, kSignature, kSignatureLength) != 0)
                fail(QStringLiteral("bad binary COPY header"));
            p += kSignatureLength + 4;
            const qint32 extension = bigEndian<qint32>(p);
            p += 4 + extension;
            m_headerDone = true;
        }
        while (p + 2 <= end) {
            const qint16 fields = bigEndian<qint16>(p);
            p += 2;
            if (fields == -1)
                return; // trailer
            if (fields != kFields)
                fail(QStringLiteral("unexpected field count %1").arg(fields));
            PositionRow r;
            const char* v[kFields];
            for (int f = 0; f < kFields; ++f) {
                if (p + 4 > end)
                    fail(QStringLiteral("truncated tuple"));
                const qint32 len = bigEndian<qint32>(p);
                p += 4;
                v[f] = len < 0 ? nullptr : p;
                if (len > 0)
                    p += len;
            }
            if (p > end || !v[0] || !v[1] || !v[2] || !v[3])
                fail(QStringLiteral("truncated or NULL key field"));
            r.observedAt = bigEndian<qint64>(v[0]) + kPostgresEpoch;
            const quint64 lat = bigEndian<quint64>(v[1]);
            const quint64 lon = bigEndian<quint64>(v[2]);
            std::memcpy(&r.lat, &lat, 8);
            std::memcpy(&r.lon, &lon, 8);
            r.bladesOn = v[3][0] != 0;
            r.rtkFix = v[4] ? static_cast<std::int8_t>(bigEndian<qint16>(v[4])) : std::int8_t(-1);
            r.wifiRssi = v[5] ? bigEndian<qint16>(v[5]) : PositionRow::kNoRssi;
            r.mnetRssi = v[6] ? bigEndian<qint16>(v[6]) : PositionRow::kNoRssi;
            if (v[7]) {
                const quint32 bits = bigEndian<quint32>(v[7]);
                std::memcpy(&r.speedMps, &bits, 4);
            }
            m_rows.push_back(r);
        }
    }

  private:
    [[noreturn]] static void fail(const QString& what) {
        throw Error(Error::Kind::Failed, QStringLiteral("loading positions by binary COPY: %1").arg(what));
    }
    std::vector<PositionRow>& m_rows;
    bool m_headerDone = false;
};

} // namespace

PreviewLoader::PreviewLoader(PgConnection& db) : m_db(db) {}

MowerTrack PreviewLoader::load(const QUuid& mowerId, Micros from, Micros to) {
    MowerTrack track;
    track.mowerId = mowerId;
    const QString id = mowerId.toString(QUuid::WithoutBraces);
    const QString fromText = formatIsoTimestamp(from);
    const QString toText = formatIsoTimestamp(to);
    m_db.exec(QStringLiteral("SELECT set_config('tidemark.preview_mower', $1, false),"
                             " set_config('tidemark.preview_from', $2, false),"
                             " set_config('tidemark.preview_to', $3, false)"),
              {id, fromText, toText});
    BinaryCopyParser parser(track.rows);
    m_db.copyOut(QStringLiteral(
                     "COPY (SELECT observed_at, lat, lon, blades_on, rtk_fix, wifi_rssi, mnet_rssi, speed_mps"
                     " FROM mower_positions WHERE mower_id = current_setting('tidemark.preview_mower')::uuid"
                     " AND observed_at >= current_setting('tidemark.preview_from')::timestamptz"
                     " AND observed_at < current_setting('tidemark.preview_to')::timestamptz)"
                     " TO STDOUT (FORMAT binary)"),
                 [&](const char* data, int length) { parser.feed(data, length); });
    // No ORDER BY: on a long range the server picks a bitmap scan and sorts on disk (work_mem), which cost as
    // much as the rest of the load; the rows mostly arrive in time order anyway and sort here in
    // milliseconds.
    const auto byTime = [](const PositionRow& a, const PositionRow& b) {
        return a.observedAt < b.observedAt;
    };
    if (!std::is_sorted(track.rows.begin(), track.rows.end(), byTime))
        std::sort(track.rows.begin(), track.rows.end(), byTime);
    const PgResult errors = m_db.exec(
        QStringLiteral(
            "SELECT (extract(epoch FROM observed_at) * 1000000)::bigint FROM mower_history"
            " WHERE mower_id = $1::uuid AND observed_at >= $2::timestamptz AND observed_at < $3::timestamptz"
            " AND error_code IS NOT NULL ORDER BY observed_at"),
        {id, fromText, toText});
    for (int i = 0; i < errors.rows(); ++i)
        track.errorInstants.push_back(errors.toLong(i, 0));
    return track;
}

} // namespace tidemark::positions
