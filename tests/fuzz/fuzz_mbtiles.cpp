// The MBTiles reader on any bytes, as the console's map reads a file: written to a file, its metadata read,
// then a few tiles read and decoded. It delivers within its caps or refuses with a tidemark::Error naming the
// file, never crashes, hangs or grows past its limits, and creates nothing beside the file.
#include "error.h"
#include "mbtilesreader.h"
#include "tileimage.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <tuple>

using namespace tidemark;
using namespace tidemark::ui;

namespace {

void check(bool holds) {
    if (!holds)
        std::abort();
}

void checkNamesTheFile(const Error& e, const QString& path) {
    check(e.message().contains(path));
}

void checkMetadata(const MbTilesMetadata& metadata) {
    for (const QString* text : {&metadata.name, &metadata.attribution, &metadata.format})
        check(text->toUtf8().size() <= MbTilesReader::kMaxValueBytes);
    check(MbTilesReader::kLowestZoom <= metadata.minZoom && metadata.minZoom <= metadata.maxZoom &&
          metadata.maxZoom <= MbTilesReader::kHighestZoom);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("fuzz.mbtiles"));
    {
        QFile file(path);
        check(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        check(file.write(reinterpret_cast<const char*>(data), static_cast<qint64>(size)) ==
              static_cast<qint64>(size));
    }
    try {
        MbTilesReader reader(path);
        try {
            checkMetadata(reader.readMetadata());
        } catch (const Error& e) { // the console stops here; the tiles are read all the same
            checkNamesTheFile(e, path);
        }
        for (const auto& [z, x, y] : {std::tuple{0, 0, 0}, std::tuple{1, 0, 1}, std::tuple{1, 1, 0}}) {
            try {
                const std::optional<QByteArray> bytes = reader.readTile(z, x, y);
                if (!bytes)
                    continue;
                check(bytes->size() <= MbTilesReader::kMaxTileBytes);
                QString why;
                const QImage image = TileImage::decode(*bytes, &why);
                check(!image.isNull() || !why.isEmpty());
            } catch (const Error& e) {
                checkNamesTheFile(e, path);
            }
        }
    } catch (const Error& e) {
        checkNamesTheFile(e, path);
    }
    check(QDir(folder.path()).entryList(QDir::Files | QDir::Hidden | QDir::System) ==
          QStringList{QStringLiteral("fuzz.mbtiles")});
    return 0;
}
