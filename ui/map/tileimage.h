#pragma once

#include <QByteArray>
#include <QImage>
#include <QString>

namespace tidemark::ui {

// The one way base map tiles are decoded, from the network or an MBTiles file: PNG, JPEG or WebP only, told
// by their first bytes (never by a Content-Type or a file's word), each decoded by its own Qt plugin alone
// (no guessing among the other formats Qt can read), and no larger than kMaxSide pixels a side.
struct TileImage {
    static constexpr qint64 kMaxBytes = 1024 * 1024; // a tile over the network: more is refused unread
    static constexpr int kMaxSide = 2048;

    // "png", "jpeg", "webp", or empty for anything else.
    static QByteArray formatOf(const QByteArray& bytes);
    // The image, or a null image and the reason (one line, e.g. "not a PNG, JPEG or WebP image (starts with
    // \"<!DOCTYPE\")").
    static QImage decode(const QByteArray& bytes, QString* reason);
};

} // namespace tidemark::ui
