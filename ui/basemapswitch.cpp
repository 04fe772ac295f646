#include "basemapswitch.h"

#include "basemapspec.h"
#include "error.h"
#include "mapview.h"
#include "tilesource.h"
#include "xyztilesource.h"

#include <QNetworkAccessManager>
#include <QStandardPaths>

namespace tidemark::ui {

BaseMapSwitch::BaseMapSwitch(std::vector<MapView*> maps, QObject* parent)
    : QObject(parent), m_maps(std::move(maps)) {}

QString BaseMapSwitch::choose(const QString& spec) {
    if (!m_network) {
        m_network = new QNetworkAccessManager(this);
        XyzTileSource::installDiskCache(*m_network,
                                        QStandardPaths::writableLocation(QStandardPaths::CacheLocation) +
                                            QStringLiteral("/tiles"));
    }
    std::shared_ptr<TileSource> source;
    try {
        source = BaseMapSpec::open(spec, m_network);
    } catch (const Error& e) {
        return e.message();
    }
    if (m_opening)
        m_opening->disconnect(this); // abandoned: a newer choice
    m_opening.reset();
    const QString chosen = spec.trimmed();
    if (!source || !source->isOpening()) {
        show(chosen, source);
        return {};
    }
    m_opening = source;
    connect(source.get(), &TileSource::opened, this, [this, chosen] {
        const std::shared_ptr<TileSource> opened = std::move(m_opening);
        show(chosen, opened);
    });
    connect(source.get(), &TileSource::openFailed, this, [this, chosen](const QString& reason) {
        m_opening->disconnect(this);
        // Released once its signal has returned.
        QMetaObject::invokeMethod(
            this, [failed = std::move(m_opening)] {}, Qt::QueuedConnection);
        emit refused(chosen, reason);
    });
    return {};
}

void BaseMapSwitch::show(const QString& spec, const std::shared_ptr<TileSource>& source) {
    if (source)
        source->disconnect(this);
    for (std::size_t i = 0; i < m_maps.size(); ++i)
        m_maps[i]->setTileSource(i == 0 || !source ? source : source->twin());
    m_current = spec;
    emit changed(spec, source ? source->warnings() : QStringList());
}

} // namespace tidemark::ui
