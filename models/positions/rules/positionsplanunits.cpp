#include "positionsplanunits.h"

#include "error.h"

#include <QJsonArray>
#include <QJsonValue>

namespace tidemark::positions {

namespace {

QString key(const char* name) {
    return QString::fromLatin1(name);
}

[[noreturn]] void refuse(const QString& where, const QString& problem) {
    throw Error(Error::Kind::Usage, QStringLiteral("positions plan: %1 %2").arg(where, problem));
}

QJsonValue required(const QJsonObject& o, const char* name, const QString& where) {
    const QJsonValue v = o.value(key(name));
    if (v.isUndefined())
        refuse(where + QLatin1Char('.') + key(name), QStringLiteral("is missing"));
    return v;
}

Micros instant(const QJsonObject& o, const char* name, const QString& where) {
    const QJsonValue v = required(o, name, where);
    Micros at = 0;
    if (!v.isString() || !tryParseIsoTimestamp(v.toString(), &at))
        refuse(where + QLatin1Char('.') + key(name), QStringLiteral("is not an ISO-8601 timestamp"));
    return at;
}

long long count(const QJsonObject& o, const char* name, const QString& where) {
    const QJsonValue v = required(o, name, where);
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d < 0 || d > 9e15 || d != double(static_cast<long long>(d)))
        refuse(where + QLatin1Char('.') + key(name), QStringLiteral("is not a count of rows"));
    return static_cast<long long>(d);
}

PlannedSlice sliceOf(const QJsonValue& value, const QString& where) {
    if (!value.isObject())
        refuse(where, QStringLiteral("is not an object"));
    const QJsonObject o = value.toObject();
    PlannedSlice s;
    const QJsonValue id = required(o, "mower_id", where);
    s.mowerId = QUuid::fromString(id.toString());
    if (!id.isString() || s.mowerId.isNull())
        refuse(where + QStringLiteral(".mower_id"), QStringLiteral("is not a UUID"));
    s.from = instant(o, "from", where);
    s.to = instant(o, "to", where);
    if (s.to <= s.from)
        refuse(where + QStringLiteral(".to"), QStringLiteral("is not after its from"));
    s.rowsScanned = count(o, "rows_scanned", where);
    s.rowsDeleted = count(o, "rows_deleted", where);
    if (s.rowsDeleted > s.rowsScanned)
        refuse(where + QStringLiteral(".rows_deleted"), QStringLiteral("is more than its rows_scanned"));
    const QJsonValue digest = required(o, "digest", where);
    s.digest = digest.toString();
    if (!digest.isString() || s.digest.isEmpty())
        refuse(where + QStringLiteral(".digest"), QStringLiteral("is not a digest"));
    return s;
}

} // namespace

QJsonObject PlannedSlice::toJson() const {
    return {{key("mower_id"), mowerId.toString(QUuid::WithoutBraces)},
            {key("from"), formatIsoTimestamp(from)},
            {key("to"), formatIsoTimestamp(to)},
            {key("rows_scanned"), rowsScanned},
            {key("rows_deleted"), rowsDeleted},
            {key("digest"), digest}};
}

QJsonObject PlannedAgeDelete::toJson() const {
    return {{key("before"), formatIsoTimestamp(before)}, {key("rows"), rows}};
}

QJsonObject PositionsPlanUnits::toJson() const {
    QJsonArray list;
    for (const PlannedSlice& s : slices)
        list.append(s.toJson());
    return {{key("age_delete"), ageDelete ? QJsonValue(ageDelete->toJson()) : QJsonValue(QJsonValue::Null)},
            {key("slices"), list}};
}

PositionsPlanUnits PositionsPlanUnits::fromJson(const QJsonObject& json) {
    PositionsPlanUnits units;
    const QJsonValue age = json.value(key("age_delete"));
    if (age.isUndefined())
        refuse(QStringLiteral("units.age_delete"), QStringLiteral("is missing (null when none)"));
    if (age.isObject()) {
        const QString where = QStringLiteral("units.age_delete");
        units.ageDelete =
            PlannedAgeDelete{instant(age.toObject(), "before", where), count(age.toObject(), "rows", where)};
    } else if (!age.isNull()) {
        refuse(QStringLiteral("units.age_delete"), QStringLiteral("is neither an object nor null"));
    }
    const QJsonValue list = json.value(key("slices"));
    if (!list.isArray())
        refuse(QStringLiteral("units.slices"), QStringLiteral("is not a list"));
    const QJsonArray array = list.toArray();
    if (std::size_t(array.size()) > kMaxUnits)
        refuse(QStringLiteral("units.slices"),
               QStringLiteral("has %1 slices, more than %2").arg(array.size()).arg(kMaxUnits));
    units.slices.reserve(std::size_t(array.size()));
    for (qsizetype i = 0; i < array.size(); ++i)
        units.slices.push_back(sliceOf(array.at(i), QStringLiteral("units.slices[%1]").arg(i)));
    return units;
}

QJsonObject positionsPlanSettings(const PositionSettings& s) {
    return {{key("detail_days"), s.detailDays},
            {key("retention_days"), s.retentionDays},
            {key("thin_active_seconds"), s.thinActiveSeconds},
            {key("thin_idle_seconds"), s.thinIdleSeconds},
            {key("window_start_hour"), s.windowStartHour},
            {key("window_end_hour"), s.windowEndHour},
            {key("maintenance_timezone"), QString::fromUtf8(s.maintenanceZone.id())}};
}

} // namespace tidemark::positions
