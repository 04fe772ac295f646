#include "maplayer.h"

namespace tidemark::ui {

MapLayer::MapLayer(const QString& name, QObject* parent) : QObject(parent), m_name(name) {}

void MapLayer::setVisible(bool visible) {
    if (visible == m_visible)
        return;
    m_visible = visible;
    emit visibilityChanged(visible);
}

void MapLayer::markContentChanged() {
    ++m_revision;
    emit contentChanged();
}

} // namespace tidemark::ui
