// The sources file (gps_sources.yaml) parser on any bytes: a list of sources or a refusal naming the file,
// never a crash; what it accepts has ids, unique and non-empty.
#include "error.h"
#include "tracksourcelist.h"

#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <cstdint>
#include <cstdlib>

using namespace tidemark;
using namespace tidemark::tracks;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gps_sources.yaml"));
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            std::abort();
        file.write(reinterpret_cast<const char*>(data), static_cast<qint64>(size));
    }
    try {
        const TrackSourceList list = TrackSourceList::fromYaml(path);
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
