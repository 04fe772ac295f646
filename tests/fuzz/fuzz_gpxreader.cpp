// The GPX reader on any bytes: it delivers tracks or refuses the file with a tidemark::Error naming a line
// and column, and never crashes; every delivered point has a latitude and longitude in range.
#include "error.h"
#include "gpxreader.h"

#include <QBuffer>
#include <cmath>
#include <cstdint>
#include <cstdlib>

using namespace tidemark;
using namespace tidemark::tracks;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    GpxReadOptions options;
    options.routesAsTracks = size % 2 == 0;
    try {
        GpxReader(&buffer, QStringLiteral("fuzz.gpx"), options).read([](ImportedTrack&& track) {
            for (const TrackPoint& p : track.points)
                if (!(std::fabs(p.lat) <= 90) || !(std::fabs(p.lon) <= 180))
                    std::abort();
        });
    } catch (const Error& e) {
        if (!e.message().contains(QLatin1String("line")))
            std::abort();
    }
    return 0;
}
