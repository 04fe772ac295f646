#include "tracksplanunits.h"

#include "trackssettings.h"

#include "error.h"

#include <QJsonArray>

namespace tidemark::tracks {

namespace {

const QString kDeleteIds = QStringLiteral("delete_ids");
const QString kDeleteTracks = QStringLiteral("delete_tracks");

[[noreturn]] void bad(const QString& what) {
    throw Error(Error::Kind::Usage, QStringLiteral("tracks plan units: %1").arg(what));
}

// A JSON number that is a whole track id (doubles hold ids up to 2^53 exactly).
qint64 idOf(const QJsonValue& value, const QString& where) {
    const double d = value.toDouble(-1);
    if (!value.isDouble() || d < 1 || d > 9007199254740992.0 || d != static_cast<double>(qint64(d)))
        bad(QStringLiteral("%1 is not a track id").arg(where));
    return static_cast<qint64>(d);
}

PlannedTrack trackOf(const QJsonValue& value, int index) {
    const QString where = QStringLiteral("%1[%2]").arg(kDeleteTracks).arg(index);
    if (!value.isObject())
        bad(QStringLiteral("%1 is not an object").arg(where));
    const QJsonObject o = value.toObject();
    PlannedTrack t;
    t.id = idOf(o.value(QStringLiteral("id")), where + QStringLiteral(".id"));
    const QJsonValue created = o.value(QStringLiteral("created_at"));
    if (!created.isString() || !tryParseIsoTimestamp(created.toString(), &t.createdAt))
        bad(QStringLiteral("%1.created_at is not a timestamp").arg(where));
    const QJsonValue key = o.value(QStringLiteral("dedup_key"));
    if (!key.isString() || key.toString().isEmpty())
        bad(QStringLiteral("%1.dedup_key is not a dedup key").arg(where));
    t.dedupKey = key.toString();
    const QJsonValue sources = o.value(QStringLiteral("sources"));
    if (!sources.isArray())
        bad(QStringLiteral("%1.sources is not a list of sources").arg(where));
    for (const QJsonValue& s : sources.toArray()) {
        if (!s.isString())
            bad(QStringLiteral("%1.sources holds a value that is not a source id").arg(where));
        t.sources << s.toString();
    }
    return t;
}

} // namespace

QJsonObject PlannedTrack::toJson() const {
    return {{QStringLiteral("id"), double(id)},
            {QStringLiteral("created_at"), formatIsoTimestamp(createdAt)},
            {QStringLiteral("dedup_key"), dedupKey},
            {QStringLiteral("sources"), QJsonArray::fromStringList(sources)}};
}

std::vector<qint64> TracksPlanUnits::ids() const {
    std::vector<qint64> out;
    out.reserve(tracks.size());
    for (const PlannedTrack& t : tracks)
        out.push_back(t.id);
    return out;
}

QJsonObject TracksPlanUnits::toJson() const {
    QJsonArray ids, detail;
    for (const PlannedTrack& t : tracks) {
        ids.append(double(t.id));
        detail.append(t.toJson());
    }
    return {{kDeleteIds, ids}, {kDeleteTracks, detail}};
}

TracksPlanUnits TracksPlanUnits::fromJson(const QJsonObject& json) {
    const QJsonValue idsValue = json.value(kDeleteIds), tracksValue = json.value(kDeleteTracks);
    if (!idsValue.isArray())
        bad(QStringLiteral("%1 is missing or not a list").arg(kDeleteIds));
    if (!tracksValue.isArray())
        bad(QStringLiteral("%1 is missing or not a list").arg(kDeleteTracks));
    const QJsonArray ids = idsValue.toArray(), tracks = tracksValue.toArray();
    if (ids.size() > kMaxTracks || tracks.size() > kMaxTracks)
        bad(QStringLiteral("more than %1 tracks").arg(kMaxTracks));
    if (ids.size() != tracks.size())
        bad(QStringLiteral("%1 lists %2 tracks and %3 lists %4")
                .arg(kDeleteIds)
                .arg(ids.size())
                .arg(kDeleteTracks)
                .arg(tracks.size()));
    TracksPlanUnits units;
    units.tracks.reserve(static_cast<size_t>(tracks.size()));
    for (int i = 0; i < tracks.size(); ++i) {
        PlannedTrack t = trackOf(tracks.at(i), i);
        const qint64 listed = idOf(ids.at(i), QStringLiteral("%1[%2]").arg(kDeleteIds).arg(i));
        if (listed != t.id)
            bad(QStringLiteral("%1[%2] is %3 but %4[%2].id is %5")
                    .arg(kDeleteIds)
                    .arg(i)
                    .arg(listed)
                    .arg(kDeleteTracks)
                    .arg(t.id));
        if (!units.tracks.empty() && t.id <= units.tracks.back().id)
            bad(QStringLiteral("%1[%2] (%3) is not after the id before it").arg(kDeleteIds).arg(i).arg(t.id));
        units.tracks.push_back(std::move(t));
    }
    return units;
}

QJsonObject tracksPlanSettings(int retentionYears) {
    return {{QStringLiteral("retention_years"), retentionYears}};
}

QJsonObject tracksPlanSettings(const TracksSettings& settings) {
    return tracksPlanSettings(settings.retentionYears);
}

} // namespace tidemark::tracks
