#include "binarypositioncopy.h"

#include "error.h"

#include <QtEndian>
#include <array>
#include <cstring>
#include <limits>
#include <utility>

namespace tidemark::positions {

namespace {

// PostgreSQL's binary timestamptz counts microseconds from 2000-01-01T00:00:00Z.
constexpr Micros kPostgresEpoch = 946684800LL * kMicrosPerSecond;
constexpr char kSignature[] = "PGCOPY\n\377\r\n";
constexpr int kSignatureLength = 11;
constexpr int kHeaderLength = kSignatureLength + 8; // flags, extension length
constexpr int kFields = 8;
// The send format's sizes of timestamptz, float8, float8, bool, int2, int2, int2, float4.
constexpr std::array<qint32, kFields> kLengths = {8, 8, 8, 1, 2, 2, 2, 4};

template <typename T> T bigEndian(const char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return qFromBigEndian(v);
}

} // namespace

BinaryPositionCopy::BinaryPositionCopy(std::vector<PositionRow>& rows) : m_rows(rows) {}

QString BinaryPositionCopy::columns() {
    return QStringLiteral("observed_at, lat, lon, blades_on, rtk_fix, wifi_rssi, mnet_rssi, speed_mps");
}

void BinaryPositionCopy::fail(const QString& what) {
    throw Error(Error::Kind::Failed, QStringLiteral("loading positions by binary COPY: %1").arg(what));
}

void BinaryPositionCopy::feed(const char* data, int length) {
    if (m_pending.isEmpty()) {
        // The common case: whole tuples in the message, no copy.
        const char* p = data;
        const char* end = data + length;
        for (;;) {
            if (!m_headerDone) {
                if (end - p < kHeaderLength)
                    break;
                if (std::memcmp(p, kSignature, kSignatureLength) != 0)
                    fail(QStringLiteral("bad binary COPY header"));
                const qint32 extension = bigEndian<qint32>(p + kSignatureLength + 4);
                if (extension < 0 || end - p < kHeaderLength + extension)
                    break;
                p += kHeaderLength + extension;
                m_headerDone = true;
            }
            if (p == end)
                return;
            if (m_trailerSeen)
                fail(QStringLiteral("data after the trailer"));
            const char* next = tuple(p, end);
            if (!next)
                break;
            p = next;
        }
        m_pending.append(p, end - p);
        return;
    }
    m_pending.append(data, length);
    const QByteArray pending = std::exchange(m_pending, QByteArray());
    feed(pending.constData(), static_cast<int>(pending.size()));
}

const char* BinaryPositionCopy::tuple(const char* p, const char* end) {
    if (end - p < 2)
        return nullptr;
    const qint16 fields = bigEndian<qint16>(p);
    p += 2;
    if (fields == -1) {
        m_trailerSeen = true;
        return p;
    }
    if (fields != kFields)
        fail(QStringLiteral("unexpected field count %1").arg(fields));
    std::array<const char*, kFields> v{};
    for (int f = 0; f < kFields; ++f) {
        if (end - p < 4)
            return nullptr;
        const qint32 len = bigEndian<qint32>(p);
        p += 4;
        if (len < 0) {
            if (f < 4)
                fail(QStringLiteral("NULL in a key field"));
            continue;
        }
        if (len != kLengths[std::size_t(f)])
            fail(QStringLiteral("field %1 has %2 bytes, expected %3")
                     .arg(f)
                     .arg(len)
                     .arg(kLengths[std::size_t(f)]));
        if (end - p < len)
            return nullptr;
        v[std::size_t(f)] = p;
        p += len;
    }
    PositionRow r;
    const qint64 instant = bigEndian<qint64>(v[0]);
    // PostgreSQL's binary 'infinity' and '-infinity'.
    if (instant == std::numeric_limits<qint64>::max() || instant == std::numeric_limits<qint64>::min())
        fail(QStringLiteral("a row's observed_at is %1, not an instant")
                 .arg(instant > 0 ? QStringLiteral("infinity") : QStringLiteral("-infinity")));
    r.observedAt = instant + kPostgresEpoch;
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
    return p;
}

void BinaryPositionCopy::finish() const {
    if (!m_headerDone || !m_trailerSeen || !m_pending.isEmpty())
        fail(QStringLiteral("the stream ended before its trailer"));
}

} // namespace tidemark::positions
