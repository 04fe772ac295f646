// A plan file (tidemark-cli apply FILE, Home ▸ Open plan…) on any bytes: planfile::parse accepts a sealed
// plan or refuses with a tidemark::Error; and since anyone can seal a plan, each dataset's units reader takes
// the same bytes as its section and accepts or refuses them with an Error, never crashing or running away.
#include "error.h"
#include "kudosplanunits.h"
#include "planfile.h"
#include "positionsplanunits.h"
#include "tracksplanunits.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <cstdint>

using namespace tidemark;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        planfile::parse(bytes, QStringLiteral("fuzz"));
    } catch (const Error&) {
    }
    const QJsonObject units = QJsonDocument::fromJson(bytes).object();
    try {
        positions::PositionsPlanUnits::fromJson(units);
    } catch (const Error&) {
    }
    try {
        kudos::KudosPlanUnits::fromJson(units);
    } catch (const Error&) {
    }
    try {
        tracks::TracksPlanUnits::fromJson(units);
    } catch (const Error&) {
    }
    return 0;
}
