#include "pgpositionreader.h"

#include "common/error.h"
#include "common/pgconnection.h"

#include <QtEndian>
#include <cstring>
#include <libpq-fe.h>

namespace tidemark::positions {

namespace {

// PostgreSQL's binary timestamptz counts microseconds from 2000-01-01T00:00:00Z.
constexpr Micros kPostgresEpoch = 946684800LL * kMicrosPerSecond;

template <typename T> T bigEndian(const char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return qFromBigEndian(v);
}
double float8At(const char* p) {
    const quint64 bits = bigEndian<quint64>(p);
    double v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}
float float4At(const char* p) {
    const quint32 bits = bigEndian<quint32>(p);
    float v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

// Runs a parameterised query with binary results.
PgResult execBinary(PgConnection& db, const char* sql, const std::vector<QByteArray>& params) {
    std::vector<const char*> values;
    for (const QByteArray& p : params)
        values.push_back(p.constData());
    PGresult* r = PQexecParams(db.handle(), sql, static_cast<int>(values.size()), nullptr, values.data(), nullptr,
                               nullptr, 1);
    if (!r || PQresultStatus(r) != PGRES_TUPLES_OK) {
        const QString message = r ? QString::fromUtf8(PQresultErrorMessage(r)).trimmed() : db.lastErrorMessage();
        if (r)
            PQclear(r);
        throw Error(Error::Kind::Failed, QStringLiteral("PostgreSQL %1: reading positions: %2").arg(db.describe(), message));
    }
    return PgResult(r);
}

} // namespace

PgPositionReader::PgPositionReader(PgConnection& db) : m_db(db) {}

MowerTrack PgPositionReader::read(const QUuid& mowerId, Micros from, Micros to) {
    MowerTrack track;
    track.mowerId = mowerId;
    const std::vector<QByteArray> params = {mowerId.toString(QUuid::WithoutBraces).toUtf8(),
                                            formatIsoTimestamp(from).toUtf8(), formatIsoTimestamp(to).toUtf8()};
    const PgResult rows = execBinary(m_db,
                                     "SELECT observed_at, lat, lon, blades_on, rtk_fix, wifi_rssi, mnet_rssi, speed_mps"
                                     " FROM mower_positions WHERE mower_id = $1::uuid AND observed_at >= $2::timestamptz"
                                     " AND observed_at < $3::timestamptz ORDER BY observed_at",
                                     params);
    const int n = rows.rows();
    track.rows.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        PositionRow& r = track.rows[static_cast<std::size_t>(i)];
        r.observedAt = bigEndian<qint64>(rows.raw(i, 0)) + kPostgresEpoch;
        r.lat = float8At(rows.raw(i, 1));
        r.lon = float8At(rows.raw(i, 2));
        r.bladesOn = rows.raw(i, 3)[0] != 0;
        r.rtkFix = rows.isNull(i, 4) ? -1 : static_cast<std::int8_t>(bigEndian<qint16>(rows.raw(i, 4)));
        r.wifiRssi = rows.isNull(i, 5) ? PositionRow::kNoRssi : bigEndian<qint16>(rows.raw(i, 5));
        r.mnetRssi = rows.isNull(i, 6) ? PositionRow::kNoRssi : bigEndian<qint16>(rows.raw(i, 6));
        if (!rows.isNull(i, 7))
            r.speedMps = float4At(rows.raw(i, 7));
    }
    const PgResult errors = execBinary(m_db,
                                       "SELECT observed_at FROM mower_history WHERE mower_id = $1::uuid"
                                       " AND observed_at >= $2::timestamptz AND observed_at < $3::timestamptz"
                                       " AND error_code IS NOT NULL ORDER BY observed_at",
                                       params);
    track.errorInstants.reserve(static_cast<std::size_t>(errors.rows()));
    for (int i = 0; i < errors.rows(); ++i)
        track.errorInstants.push_back(bigEndian<qint64>(errors.raw(i, 0)) + kPostgresEpoch);
    return track;
}

std::vector<QUuid> PgPositionReader::listMowers() {
    const PgResult r = m_db.exec(QStringLiteral(
        "WITH RECURSIVE m AS ("
        " (SELECT mower_id FROM mower_positions ORDER BY mower_id LIMIT 1)"
        " UNION ALL"
        " SELECT (SELECT p.mower_id FROM mower_positions p WHERE p.mower_id > m.mower_id ORDER BY p.mower_id LIMIT 1)"
        " FROM m WHERE m.mower_id IS NOT NULL)"
        " SELECT mower_id FROM m WHERE mower_id IS NOT NULL"));
    std::vector<QUuid> ids;
    for (int i = 0; i < r.rows(); ++i)
        ids.push_back(QUuid::fromString(r.text(i, 0)));
    return ids;
}

} // namespace tidemark::positions
