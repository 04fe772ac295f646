#include "trackdedupkey.h"

#include <QCryptographicHash>
#include <cmath>

namespace tidemark::tracks {

namespace {
QByteArray fixed4(double degrees) {
    const long long scaled = std::llround(degrees * 1e4);
    return QByteArray::number(static_cast<double>(scaled) / 1e4, 'f', 4);
}
} // namespace

double TrackDedupKey::haversineMetres(const TrackPoint& a, const TrackPoint& b) {
    constexpr double r = 6371008.8;
    constexpr double rad = 0.017453292519943295;
    const double dPhi = (b.lat - a.lat) * rad;
    const double dLambda = (b.lon - a.lon) * rad;
    const double h = std::sin(dPhi / 2) * std::sin(dPhi / 2) + std::cos(a.lat * rad) * std::cos(b.lat * rad) *
                                                                   std::sin(dLambda / 2) *
                                                                   std::sin(dLambda / 2);
    return 2 * r * std::asin(std::min(1.0, std::sqrt(h)));
}

QByteArray TrackDedupKey::normalisedText(const std::vector<TrackPoint>& points) {
    QByteArray text;
    const TrackPoint* kept = nullptr;
    for (const TrackPoint& p : points) {
        if (kept && haversineMetres(*kept, p) < kMinStepMetres)
            continue;
        kept = &p;
        text += fixed4(p.lat) + ',' + fixed4(p.lon) + '\n';
    }
    return text;
}

QString TrackDedupKey::of(const std::vector<TrackPoint>& points) {
    return QString::fromLatin1(
        QCryptographicHash::hash(normalisedText(points), QCryptographicHash::Sha256).toHex());
}

} // namespace tidemark::tracks
