#include "coveragecsv.h"

#include "common/error.h"

#include <QFile>
#include <QTextStream>
#include <algorithm>
#include <limits>
#include <optional>

namespace tidemark::positions {

namespace {

class CsvFile {
  public:
    CsvFile(const QString& path, const QStringList& required) : m_path(path), m_file(path) {
        if (!m_file.open(QIODevice::ReadOnly | QIODevice::Text))
            throw Error(Error::Kind::Connection,
                        QStringLiteral("cannot read %1: %2").arg(path, m_file.errorString()));
        m_stream.setDevice(&m_file);
        QStringList header;
        if (!next(header))
            throw Error(Error::Kind::Usage, QStringLiteral("%1: empty file, expected a header").arg(path));
        for (const QString& name : required) {
            const qsizetype at = header.indexOf(name);
            if (at < 0)
                throw Error(Error::Kind::Usage,
                            QStringLiteral("%1: header has no column %2").arg(path, name));
            m_columns.append(int(at));
        }
    }

    // The required columns of the next non-empty line, in the order asked for.
    bool nextRecord(QStringList& values) {
        QStringList fields;
        if (!next(fields))
            return false;
        values.clear();
        for (int c : m_columns) {
            if (c >= fields.size())
                fail(QStringLiteral("has %1 fields").arg(fields.size()));
            values.append(fields[c]);
        }
        return true;
    }

    [[noreturn]] void fail(const QString& what) const {
        throw Error(Error::Kind::Usage, QStringLiteral("%1 line %2: %3").arg(m_path).arg(m_line).arg(what));
    }

    QUuid uuid(const QString& text) const {
        const QUuid id(text);
        if (id.isNull())
            fail(QStringLiteral("bad mower_id \"%1\"").arg(text));
        return id;
    }
    Micros instant(const QString& text) const {
        Micros t = 0;
        if (!tryParseIsoTimestamp(text, &t))
            fail(QStringLiteral("bad observed_at \"%1\"").arg(text));
        return t;
    }
    double real(const QString& text, const char* name) const {
        bool ok = false;
        const double v = text.toDouble(&ok);
        if (!ok)
            fail(QStringLiteral("bad %1 \"%2\"").arg(QLatin1String(name), text));
        return v;
    }
    std::optional<int> optionalInt(const QString& text, const char* name, int lo, int hi) const {
        if (text.isEmpty())
            return std::nullopt;
        bool ok = false;
        const int v = text.toInt(&ok);
        if (!ok || v < lo || v > hi)
            fail(QStringLiteral("bad %1 \"%2\"").arg(QLatin1String(name), text));
        return v;
    }

  private:
    bool next(QStringList& fields) {
        QString line;
        while (m_stream.readLineInto(&line)) {
            ++m_line;
            if (line.trimmed().isEmpty())
                continue;
            fields = line.split(QLatin1Char(','));
            for (QString& f : fields) {
                f = f.trimmed();
                if (f.size() >= 2 && f.startsWith(QLatin1Char('"')) && f.endsWith(QLatin1Char('"')))
                    f = f.mid(1, f.size() - 2);
            }
            return true;
        }
        return false;
    }

    QString m_path;
    QFile m_file;
    QTextStream m_stream;
    QList<int> m_columns;
    long m_line = 0;
};

} // namespace

std::vector<MowerTrack> CoverageCsv::readRows(const QString& path) {
    CsvFile csv(path, {QStringLiteral("mower_id"), QStringLiteral("observed_at"), QStringLiteral("lat"),
                       QStringLiteral("lon"), QStringLiteral("blades_on"), QStringLiteral("rtk_fix"),
                       QStringLiteral("wifi_rssi"), QStringLiteral("mnet_rssi")});
    std::vector<MowerTrack> tracks;
    QHash<QUuid, std::size_t> index;
    QStringList v;
    while (csv.nextRecord(v)) {
        const QUuid id = csv.uuid(v[0]);
        PositionRow r;
        r.observedAt = csv.instant(v[1]);
        r.lat = csv.real(v[2], "lat");
        r.lon = csv.real(v[3], "lon");
        if (r.lat < -90 || r.lat > 90 || r.lon < -180 || r.lon > 180)
            csv.fail(QStringLiteral("lat/lon out of range"));
        if (v[4] == QLatin1String("true") || v[4] == QLatin1String("t"))
            r.bladesOn = true;
        else if (v[4] != QLatin1String("false") && v[4] != QLatin1String("f"))
            csv.fail(QStringLiteral("bad blades_on \"%1\" (true or false)").arg(v[4]));
        r.rtkFix = std::int8_t(csv.optionalInt(v[5], "rtk_fix", 0, 2).value_or(-1));
        r.wifiRssi =
            std::int16_t(csv.optionalInt(v[6], "wifi_rssi", -32767, 32767).value_or(PositionRow::kNoRssi));
        r.mnetRssi =
            std::int16_t(csv.optionalInt(v[7], "mnet_rssi", -32767, 32767).value_or(PositionRow::kNoRssi));
        auto it = index.constFind(id);
        if (it == index.constEnd()) {
            it = index.insert(id, tracks.size());
            tracks.emplace_back();
            tracks.back().mowerId = id;
        }
        tracks[it.value()].rows.push_back(r);
    }
    for (MowerTrack& t : tracks) {
        std::stable_sort(t.rows.begin(), t.rows.end(), [](const PositionRow& a, const PositionRow& b) {
            return a.observedAt < b.observedAt;
        });
        const auto dup =
            std::adjacent_find(t.rows.begin(), t.rows.end(), [](const PositionRow& a, const PositionRow& b) {
                return a.observedAt == b.observedAt;
            });
        if (dup != t.rows.end())
            throw Error(Error::Kind::Usage, QStringLiteral("%1: mower %2 has two rows at %3")
                                                .arg(path, t.mowerId.toString(QUuid::WithoutBraces),
                                                     formatIsoTimestamp(dup->observedAt)));
    }
    return tracks;
}

void CoverageCsv::readErrors(const QString& path, std::vector<MowerTrack>& tracks) {
    CsvFile csv(path,
                {QStringLiteral("mower_id"), QStringLiteral("observed_at"), QStringLiteral("error_code")});
    QStringList v;
    while (csv.nextRecord(v)) {
        const QUuid id = csv.uuid(v[0]);
        const Micros t = csv.instant(v[1]);
        if (!csv.optionalInt(v[2], "error_code", std::numeric_limits<int>::min(),
                             std::numeric_limits<int>::max()))
            continue;
        for (MowerTrack& track : tracks)
            if (track.mowerId == id)
                track.errorInstants.push_back(t);
    }
    for (MowerTrack& track : tracks) {
        std::sort(track.errorInstants.begin(), track.errorInstants.end());
        track.errorInstants.erase(std::unique(track.errorInstants.begin(), track.errorInstants.end()),
                                  track.errorInstants.end());
    }
}

QHash<QUuid, std::set<Micros>> CoverageCsv::readKept(const QString& path) {
    CsvFile csv(path, {QStringLiteral("mower_id"), QStringLiteral("observed_at")});
    QHash<QUuid, std::set<Micros>> kept;
    QStringList v;
    while (csv.nextRecord(v))
        kept[csv.uuid(v[0])].insert(csv.instant(v[1]));
    return kept;
}

} // namespace tidemark::positions
