#include "tileimage.h"

#include <QBuffer>
#include <QImageReader>

namespace tidemark::ui {

namespace {
// The first bytes, printable, to say what came instead of an image (an HTML error page, SVG, GIF...).
QString preview(const QByteArray& bytes) {
    QString text;
    for (const char c : bytes.left(12)) {
        const auto u = static_cast<unsigned char>(c);
        text += (u >= 0x20 && u < 0x7f) ? QChar(QLatin1Char(c)) : QChar(QLatin1Char('.'));
    }
    return text;
}
} // namespace

QByteArray TileImage::formatOf(const QByteArray& bytes) {
    if (bytes.startsWith("\x89PNG\r\n\x1a\n"))
        return QByteArrayLiteral("png");
    if (bytes.startsWith("\xff\xd8\xff"))
        return QByteArrayLiteral("jpeg");
    if (bytes.size() >= 12 && bytes.startsWith("RIFF") && bytes.mid(8, 4) == "WEBP")
        return QByteArrayLiteral("webp");
    return {};
}

QImage TileImage::decode(const QByteArray& bytes, QString* reason) {
    const auto fail = [reason](const QString& why) {
        if (reason)
            *reason = why;
        return QImage();
    };
    if (bytes.isEmpty())
        return fail(QStringLiteral("empty, not an image"));
    const QByteArray format = formatOf(bytes);
    if (format.isEmpty())
        return fail(QStringLiteral("not a PNG, JPEG or WebP image (%1 bytes starting \"%2\")")
                        .arg(bytes.size())
                        .arg(preview(bytes)));
    if (!QImageReader::supportedImageFormats().contains(format))
        return fail(QStringLiteral("a %1 image, which this Qt cannot decode (its image format plugins, "
                                   "qt6-image-formats-plugins on Debian, are missing)")
                        .arg(QString::fromLatin1(format.toUpper())));
    QByteArray data = bytes; // shared, not copied: QBuffer only reads
    QBuffer buffer(&data);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer, format);
    reader.setAutoDetectImageFormat(false);
    reader.setDecideFormatFromContent(false);
    const QSize size = reader.size();
    if (size.isValid() && (size.width() > kMaxSide || size.height() > kMaxSide))
        return fail(QStringLiteral("a %1×%2 %3 image, larger than a tile (at most %4 pixels a side)")
                        .arg(size.width())
                        .arg(size.height())
                        .arg(QString::fromLatin1(format.toUpper()))
                        .arg(kMaxSide));
    QImage image = reader.read();
    if (image.isNull())
        return fail(QStringLiteral("a %1 image that cannot be decoded: %2")
                        .arg(QString::fromLatin1(format.toUpper()), reader.errorString()));
    if (image.width() > kMaxSide || image.height() > kMaxSide)
        return fail(QStringLiteral("a %1×%2 image, larger than a tile (at most %3 pixels a side)")
                        .arg(image.width())
                        .arg(image.height())
                        .arg(kMaxSide));
    return image;
}

} // namespace tidemark::ui
