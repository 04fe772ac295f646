#include "basemapspec.h"

#include "mbtilestilesource.h"
#include "xyztilesource.h"

namespace tidemark::ui {

bool BaseMapSpec::isTemplate(const QString& spec) {
    return spec.contains(QLatin1String("{z}"));
}

QString BaseMapSpec::forSettings(const QString& spec) {
    const QString trimmed = spec.trimmed();
    return isTemplate(trimmed) ? XyzTileSource::withoutSecrets(trimmed) : trimmed;
}

std::shared_ptr<TileSource> BaseMapSpec::open(const QString& spec, QNetworkAccessManager* network) {
    const QString trimmed = spec.trimmed();
    if (trimmed.isEmpty())
        return nullptr;
    if (isTemplate(trimmed)) {
        XyzTileSource::Options options;
        options.urlTemplate = trimmed;
        options.contact = QStringLiteral("https://tidemark.org/");
        return std::make_shared<XyzTileSource>(network, options);
    }
    return std::make_shared<MbTilesTileSource>(trimmed);
}

} // namespace tidemark::ui
