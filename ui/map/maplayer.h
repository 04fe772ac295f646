#pragma once

#include "mapviewport.h"

#include <QColor>
#include <QGeoRectangle>
#include <QList>
#include <QObject>
#include <QString>
#include <atomic>
#include <functional>

class QImage;

namespace tidemark::ui {

struct LegendEntry {
    QColor colour;
    QString label;
};

// Draws a layer for one viewport on a worker thread into `image` (viewport-sized, ARGB32 premultiplied,
// transparent). It owns (shared, immutable) copies of what it needs and polls `cancelled` every few thousand
// items.
using LayerRenderFunction =
    std::function<void(QImage& image, const MapViewport& viewport, const std::atomic<bool>& cancelled)>;

// A layer of the map. Lives on the GUI thread; renderFunction() snapshots its data for a render job.
class MapLayer : public QObject {
    Q_OBJECT
  public:
    explicit MapLayer(const QString& name, QObject* parent = nullptr);

    QString name() const { return m_name; }
    virtual QString explanation() const = 0;
    virtual QList<LegendEntry> legend() const = 0;
    // The area holding the layer's data (invalid when empty); "fit to data" uses it.
    virtual QGeoRectangle extent() const = 0;
    virtual LayerRenderFunction renderFunction() const = 0;

    bool isVisible() const { return m_visible; }
    void setVisible(bool visible);
    // Grows whenever what the layer draws changes; cached images of older revisions are stale.
    quint64 revision() const { return m_revision; }

  signals:
    void contentChanged();
    void visibilityChanged(bool visible);

  protected:
    void markContentChanged();

  private:
    QString m_name;
    bool m_visible = true;
    quint64 m_revision = 1;
};

} // namespace tidemark::ui
