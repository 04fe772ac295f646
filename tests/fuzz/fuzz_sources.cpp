// The sources file (gps_sources.yaml) parser on any bytes: a list of sources or a refusal naming the file,
// never a crash; what it accepts has ids, unique and non-empty.
#include "error.h"
#include "tracksourcelist.h"

#include <QSet>
#include <cstdint>
#include <cstdlib>

using namespace tidemark;
using namespace tidemark::tracks;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QString path = QStringLiteral("gps_sources.yaml");
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        const TrackSourceList list = TrackSourceList::fromYamlBytes(bytes, path);
        QSet<QString> ids;
        for (const TrackSource& source : list.sources()) {
            if (source.id.isEmpty() || ids.contains(source.id))
                std::abort();
            ids.insert(source.id);
        }
    } catch (const Error& e) {
        if (!e.message().contains(path))
            std::abort();
    }
    return 0;
}
