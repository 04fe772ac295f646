#include "contextdigest.h"

namespace tidemark::positions {

namespace {

QString rowHash() {
    return QStringLiteral(
               "(interval_hash_extended(observed_at - %1, 1) # hashfloat8extended(lat, 2)"
               " # hashfloat8extended(lon, 3) # hashint4extended(blades_on::int, 4)"
               " # coalesce(hashint2extended(rtk_fix, 5), 5) # coalesce(hashint2extended(wifi_rssi, 6), 6)"
               " # coalesce(hashint2extended(mnet_rssi, 7), 7) # coalesce(hashfloat8extended(speed_mps, 8), "
               "8))")
        .arg(ContextDigest::anchor());
}

} // namespace

const QString& ContextDigest::anchor() {
    static const QString anchor = QStringLiteral("'2000-01-01 00:00:00+00'::timestamptz");
    return anchor;
}

QString ContextDigest::sql(const QString& mower, const QString& low, const QString& high,
                           const QString& rowFilter) {
    return QStringLiteral(
               "(SELECT md5(count(*) || '/' || coalesce(sum(%1), 0) || '/' || (SELECT count(*) || '/' ||"
               " coalesce(sum(interval_hash_extended(observed_at - %2, 9)), 0) FROM mower_history WHERE"
               " mower_id = %3 AND observed_at >= %4 AND observed_at < %5 AND error_code IS NOT NULL))"
               " FROM mower_positions WHERE mower_id = %3 AND observed_at >= %4 AND observed_at < %5%6)")
        .arg(rowHash(), ContextDigest::anchor(), mower, low, high, rowFilter);
}

} // namespace tidemark::positions
