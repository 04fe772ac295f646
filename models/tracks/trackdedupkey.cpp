#include "trackdedupkey.h"

#include <QCryptographicHash>
#include <cmath>

namespace tidemark::tracks {

namespace {

constexpr double kEarthRadius = 6371008.8;
constexpr double kRadians = 0.017453292519943295;

// Appends degrees rounded to 1e-4 with four decimals ("-37.6184"), the digits of the rounded integer: the
// same text as QByteArray::number(rounded / 1e4, 'f', 4), without the double's formatting.
void appendFixed4(QByteArray* text, double degrees) {
    long long scaled = std::llround(degrees * 1e4);
    char digits[24];
    char* end = digits + sizeof digits;
    char* at = end;
    const bool negative = scaled < 0;
    unsigned long long magnitude =
        negative ? 0ULL - static_cast<unsigned long long>(scaled) : static_cast<unsigned long long>(scaled);
    for (int i = 0; i < 4; ++i, magnitude /= 10)
        *--at = static_cast<char>('0' + magnitude % 10);
    *--at = '.';
    do {
        *--at = static_cast<char>('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude != 0);
    if (negative)
        *--at = '-';
    text->append(at, end - at);
}

// haversineMetres with the cosines of both latitudes given, in the same order of operations (so the same
// bits): a track's point's cosine is computed once, not once per distance it is in.
double haversine(const TrackPoint& a, double cosA, const TrackPoint& b, double cosB) {
    const double halfPhi = std::sin((b.lat - a.lat) * kRadians / 2);
    const double halfLambda = std::sin((b.lon - a.lon) * kRadians / 2);
    const double h = halfPhi * halfPhi + cosA * cosB * halfLambda * halfLambda;
    return 2 * kEarthRadius * std::asin(std::min(1.0, std::sqrt(h)));
}

} // namespace

double TrackDedupKey::haversineMetres(const TrackPoint& a, const TrackPoint& b) {
    return haversine(a, std::cos(a.lat * kRadians), b, std::cos(b.lat * kRadians));
}

QByteArray TrackDedupKey::normalisedText(const std::vector<TrackPoint>& points, double* lengthMetres) {
    QByteArray text;
    text.reserve(static_cast<qsizetype>(points.size()) * 18);
    double length = 0;
    qsizetype kept = -1;
    double keptCos = 0, previousCos = 0;
    for (qsizetype i = 0; i < static_cast<qsizetype>(points.size()); ++i) {
        const TrackPoint& p = points[static_cast<size_t>(i)];
        const double pCos = std::cos(p.lat * kRadians);
        double step = 0; // from the previous point
        if (i > 0) {
            step = haversine(points[static_cast<size_t>(i - 1)], previousCos, p, pCos);
            length += step;
        }
        previousCos = pCos;
        if (kept >= 0) {
            const double fromKept =
                kept == i - 1 ? step : haversine(points[static_cast<size_t>(kept)], keptCos, p, pCos);
            if (fromKept < kMinStepMetres)
                continue;
        }
        kept = i;
        keptCos = pCos;
        appendFixed4(&text, p.lat);
        text += ',';
        appendFixed4(&text, p.lon);
        text += '\n';
    }
    if (lengthMetres)
        *lengthMetres = length;
    return text;
}

QString TrackDedupKey::of(const std::vector<TrackPoint>& points) {
    return of(points, nullptr);
}

QString TrackDedupKey::of(const std::vector<TrackPoint>& points, double* lengthMetres) {
    return QString::fromLatin1(
        QCryptographicHash::hash(normalisedText(points, lengthMetres), QCryptographicHash::Sha256).toHex());
}

} // namespace tidemark::tracks
