#include "positionloader.h"

#include "binarypositioncopy.h"
#include "pgconnection.h"

#include <algorithm>

namespace tidemark::positions {

PositionLoader::PositionLoader(PgConnection& db) : m_db(db) {}

MowerTrack PositionLoader::load(const QUuid& mowerId, Micros from, Micros to) {
    MowerTrack track;
    track.mowerId = mowerId;
    const QString id = mowerId.toString(QUuid::WithoutBraces);
    const QString fromText = formatIsoTimestamp(from);
    const QString toText = formatIsoTimestamp(to);
    m_db.exec(QStringLiteral("SELECT set_config('tidemark.load_mower', $1, false),"
                             " set_config('tidemark.load_from', $2, false),"
                             " set_config('tidemark.load_to', $3, false)"),
              {id, fromText, toText});
    BinaryPositionCopy parser(track.rows);
    m_db.copyOut(QStringLiteral("COPY (SELECT ") + BinaryPositionCopy::columns() +
                     QStringLiteral(
                         " FROM mower_positions WHERE mower_id = current_setting('tidemark.load_mower')::uuid"
                         " AND observed_at >= current_setting('tidemark.load_from')::timestamptz"
                         " AND observed_at < current_setting('tidemark.load_to')::timestamptz)"
                         " TO STDOUT (FORMAT binary)"),
                 [&](const char* data, int length) { parser.feed(data, length); });
    parser.finish();
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
            "SELECT DISTINCT (extract(epoch FROM observed_at) * 1000000)::bigint AS t FROM mower_history"
            " WHERE mower_id = $1::uuid AND observed_at >= $2::timestamptz AND observed_at < $3::timestamptz"
            " AND error_code IS NOT NULL ORDER BY t"),
        {id, fromText, toText});
    track.errorInstants.reserve(static_cast<std::size_t>(errors.rows()));
    for (int i = 0; i < errors.rows(); ++i)
        track.errorInstants.push_back(errors.toLong(i, 0));
    return track;
}

namespace {
std::optional<Micros> optionalMicros(const PgResult& r) {
    if (r.rows() == 0 || r.isNull(0, 0))
        return std::nullopt;
    return r.toLong(0, 0);
}
} // namespace

std::optional<Micros> PositionLoader::oldest(const QUuid& mowerId) {
    return optionalMicros(
        m_db.exec(QStringLiteral("SELECT (extract(epoch FROM min(observed_at)) * 1000000)::bigint"
                                 " FROM mower_positions WHERE mower_id = $1::uuid"),
                  {mowerId.toString(QUuid::WithoutBraces)}));
}

std::optional<Micros> PositionLoader::nextRow(const QUuid& mowerId, Micros from, Micros to) {
    return optionalMicros(m_db.exec(
        QStringLiteral("SELECT (extract(epoch FROM min(observed_at)) * 1000000)::bigint FROM mower_positions"
                       " WHERE mower_id = $1::uuid AND observed_at >= $2::timestamptz AND observed_at < "
                       "$3::timestamptz"),
        {mowerId.toString(QUuid::WithoutBraces), formatIsoTimestamp(from), formatIsoTimestamp(to)}));
}

std::optional<Micros> PositionLoader::watermark(const QUuid& mowerId) {
    return optionalMicros(
        m_db.exec(QStringLiteral("SELECT (extract(epoch FROM thinned_until) * 1000000)::bigint"
                                 " FROM mower_positions_thinning WHERE mower_id = $1::uuid"),
                  {mowerId.toString(QUuid::WithoutBraces)}));
}

std::vector<QUuid> PositionLoader::listMowers() {
    const PgResult r =
        m_db.exec(QStringLiteral("WITH RECURSIVE m AS ("
                                 " (SELECT mower_id FROM mower_positions ORDER BY mower_id LIMIT 1)"
                                 " UNION ALL"
                                 " SELECT (SELECT p.mower_id FROM mower_positions p WHERE p.mower_id > "
                                 "m.mower_id ORDER BY p.mower_id LIMIT 1)"
                                 " FROM m WHERE m.mower_id IS NOT NULL)"
                                 " SELECT mower_id FROM m WHERE mower_id IS NOT NULL"));
    std::vector<QUuid> ids;
    ids.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i)
        ids.push_back(QUuid::fromString(r.text(i, 0)));
    return ids;
}

} // namespace tidemark::positions
