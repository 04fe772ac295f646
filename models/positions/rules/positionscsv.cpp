#include "positionscsv.h"

#include "error.h"

#include <QFile>
#include <QTextStream>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>

namespace tidemark::positions {

namespace {

// One CSV file read record by record. The header names the columns; the caller asks for the ones it needs,
// by name, and reads their values by their index in that request.
class CsvRecords {
  public:
    CsvRecords(const QString& path, const QStringList& wanted)
        : m_path(path), m_file(path), m_wanted(wanted) {
        if (!m_file.open(QIODevice::ReadOnly | QIODevice::Text))
            throw Error(Error::Kind::Connection,
                        QStringLiteral("cannot read %1: %2").arg(path, m_file.errorString()));
        m_stream.setDevice(&m_file);
        const QString expected = wanted.join(QLatin1Char(','));
        if (!readFields())
            throw Error(Error::Kind::Usage,
                        QStringLiteral("%1: empty file, expected the header %2").arg(path, expected));
        for (const QString& name : wanted) {
            const qsizetype at = m_fields.indexOf(name);
            if (at < 0)
                fail(QStringLiteral("the header has no column %1 (expected %2)").arg(name, expected));
            if (m_fields.indexOf(name, at + 1) >= 0)
                fail(QStringLiteral("the header has the column %1 twice").arg(name));
            m_columns.append(int(at));
        }
        m_fieldCount = int(m_fields.size());
    }

    // The next non-blank line; false at the end of the file.
    bool next() {
        if (!readFields())
            return false;
        if (m_fields.size() != m_fieldCount)
            fail(QStringLiteral("%1 fields, the header has %2").arg(m_fields.size()).arg(m_fieldCount));
        return true;
    }

    int line() const { return m_line; }
    const QString& text(int k) const { return m_fields[m_columns[k]]; }

    [[noreturn]] void fail(const QString& what) const {
        throw Error(Error::Kind::Usage, QStringLiteral("%1 line %2: %3").arg(m_path).arg(m_line).arg(what));
    }
    [[noreturn]] void failValue(int k, const QString& expected) const {
        fail(QStringLiteral("column %1 (%2): bad value \"%3\", expected %4")
                 .arg(m_columns[k] + 1)
                 .arg(m_wanted[k], text(k), expected));
    }

    QUuid mowerId(int k) const {
        const QUuid id = QUuid::fromString(text(k));
        if (id.isNull())
            failValue(k, QStringLiteral("a uuid"));
        return id;
    }
    Micros instant(int k) const {
        Micros t = 0;
        if (!tryParseIsoTimestamp(text(k), &t))
            fail(QStringLiteral("column %1 (%2): %3")
                     .arg(m_columns[k] + 1)
                     .arg(m_wanted[k], isoTimestampProblem(text(k))));
        return t;
    }
    double real(int k, double lo, double hi) const {
        bool ok = false;
        const double v = text(k).toDouble(&ok);
        if (!ok || !std::isfinite(v) || v < lo || v > hi)
            failValue(k, QStringLiteral("a number from %1 to %2").arg(lo).arg(hi));
        return v;
    }
    bool boolean(int k) const {
        const QString& t = text(k);
        if (t == QLatin1String("true") || t == QLatin1String("t"))
            return true;
        if (t != QLatin1String("false") && t != QLatin1String("f"))
            failValue(k, QStringLiteral("true or false"));
        return false;
    }
    // Empty is NULL.
    std::optional<int> optionalInt(int k, int lo, int hi) const {
        if (text(k).isEmpty())
            return std::nullopt;
        bool ok = false;
        const qlonglong v = text(k).toLongLong(&ok);
        if (!ok || v < lo || v > hi)
            failValue(k, QStringLiteral("an integer from %1 to %2 or empty").arg(lo).arg(hi));
        return int(v);
    }

  private:
    bool readFields() {
        QString line;
        while (m_stream.readLineInto(&line)) {
            ++m_line;
            if (line.trimmed().isEmpty())
                continue;
            m_fields = line.split(QLatin1Char(','));
            for (QString& f : m_fields) {
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
    QStringList m_wanted;
    QList<int> m_columns;
    QStringList m_fields;
    qsizetype m_fieldCount = 0;
    int m_line = 0;
};

constexpr int kRssiLimit = 32767;

} // namespace

PositionsCsv PositionsCsv::readRows(const QString& path) {
    CsvRecords csv(path, {QStringLiteral("mower_id"), QStringLiteral("observed_at"), QStringLiteral("lat"),
                          QStringLiteral("lon"), QStringLiteral("blades_on"), QStringLiteral("rtk_fix"),
                          QStringLiteral("wifi_rssi"), QStringLiteral("mnet_rssi")});
    PositionsCsv out;
    while (csv.next()) {
        const QUuid id = csv.mowerId(0);
        PositionRow r;
        r.observedAt = csv.instant(1);
        r.lat = csv.real(2, -90, 90);
        r.lon = csv.real(3, -180, 180);
        r.bladesOn = csv.boolean(4);
        r.rtkFix = std::int8_t(csv.optionalInt(5, 0, 2).value_or(-1));
        r.wifiRssi = std::int16_t(csv.optionalInt(6, -kRssiLimit, kRssiLimit).value_or(PositionRow::kNoRssi));
        r.mnetRssi = std::int16_t(csv.optionalInt(7, -kRssiLimit, kRssiLimit).value_or(PositionRow::kNoRssi));
        auto it = out.m_trackOf.constFind(id);
        if (it == out.m_trackOf.constEnd()) {
            it = out.m_trackOf.insert(id, out.m_tracks.size());
            out.m_tracks.push_back({id, {}, {}});
            out.m_inputIndices.emplace_back();
        }
        out.m_tracks[*it].rows.push_back(r);
        out.m_inputIndices[*it].push_back(out.m_inputRows.size());
        out.m_inputRows.push_back({csv.text(0), csv.text(1), *it, csv.line()});
    }

    // Sort each track by time, carrying the input indices along.
    for (std::size_t k = 0; k < out.m_tracks.size(); ++k) {
        std::vector<PositionRow>& rows = out.m_tracks[k].rows;
        std::vector<std::size_t>& indices = out.m_inputIndices[k];
        std::vector<std::size_t> order(rows.size());
        std::iota(order.begin(), order.end(), std::size_t(0));
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return rows[a].observedAt < rows[b].observedAt;
        });
        std::vector<PositionRow> sortedRows;
        std::vector<std::size_t> sortedIndices;
        sortedRows.reserve(rows.size());
        sortedIndices.reserve(rows.size());
        for (std::size_t i : order) {
            if (!sortedRows.empty() && sortedRows.back().observedAt == rows[i].observedAt) {
                const InputRow& first = out.m_inputRows[sortedIndices.back()];
                const InputRow& second = out.m_inputRows[indices[i]];
                throw Error(Error::Kind::Usage,
                            QStringLiteral("%1 line %2: mower %3 has two rows at %4 (lines %5 and %2)")
                                .arg(path)
                                .arg(std::max(first.line, second.line))
                                .arg(second.mowerIdText, second.observedAtText)
                                .arg(std::min(first.line, second.line)));
            }
            sortedRows.push_back(rows[i]);
            sortedIndices.push_back(indices[i]);
        }
        rows = std::move(sortedRows);
        indices = std::move(sortedIndices);
    }
    return out;
}

void PositionsCsv::readErrors(const QString& path) {
    CsvRecords csv(path,
                   {QStringLiteral("mower_id"), QStringLiteral("observed_at"), QStringLiteral("error_code")});
    while (csv.next()) {
        const QUuid id = csv.mowerId(0);
        const Micros t = csv.instant(1);
        if (!csv.optionalInt(2, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()))
            continue; // a history row without an error code
        const auto it = m_trackOf.constFind(id);
        if (it != m_trackOf.constEnd())
            m_tracks[*it].errorInstants.push_back(t);
    }
    for (MowerTrack& track : m_tracks) {
        std::sort(track.errorInstants.begin(), track.errorInstants.end());
        track.errorInstants.erase(std::unique(track.errorInstants.begin(), track.errorInstants.end()),
                                  track.errorInstants.end());
    }
}

QHash<QUuid, std::set<Micros>> PositionsCsv::readKept(const QString& path) {
    CsvRecords csv(path, {QStringLiteral("mower_id"), QStringLiteral("observed_at")});
    QHash<QUuid, std::set<Micros>> kept;
    while (csv.next())
        kept[csv.mowerId(0)].insert(csv.instant(1));
    return kept;
}

} // namespace tidemark::positions
