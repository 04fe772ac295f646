#include "positionloader.h"

#include "binarypositioncopy.h"
#include "pgconnection.h"
#include "positionslayout.h"
#include "shardedstatus.h"

#include <algorithm>

namespace tidemark::positions {

PositionLoader::PositionLoader(PgConnection& db) : m_db(db) {}

MowerTrack PositionLoader::load(const QUuid& mowerId, Micros from, Micros to) {
    MowerTrack track;
    track.mowerId = mowerId;
    const QString id = mowerId.toString(QUuid::WithoutBraces);
    const QString fromText = formatIsoTimestamp(from);
    const QString toText = formatIsoTimestamp(to);
    // COPY takes no parameters. The values are spelled as literals (a uuid and ISO instants, made here from
    // typed values): a session setting read back by current_setting() would not reach a Citus worker.
    BinaryPositionCopy parser(track.rows);
    m_db.copyOut(
        QStringLiteral("COPY (SELECT ") + BinaryPositionCopy::columns() +
            QStringLiteral(" FROM mower_positions WHERE mower_id = '%1'::uuid AND observed_at >="
                           " '%2'::timestamptz AND observed_at < '%3'::timestamptz) TO STDOUT (FORMAT"
                           " binary)")
                .arg(id, fromText, toText),
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
    if (PositionsLayout::of(m_db).distributed) {
        std::vector<QUuid> ids;
        for (const MowerThinningStatus& m : ShardedStatus::mowers(m_db))
            if (!m.node.isEmpty()) // a mower with rows, not only a watermark
                ids.push_back(m.mowerId);
        return ids;
    }
    const PgResult r = m_db.exec(ThinningStatus::mowersCte() +
                                 QStringLiteral(" SELECT mower_id FROM m WHERE mower_id IS NOT NULL"));
    std::vector<QUuid> ids;
    ids.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i)
        ids.push_back(QUuid::fromString(r.text(i, 0)));
    return ids;
}

} // namespace tidemark::positions
