#pragma once

#include "maplayer.h"

#include <QAbstractListModel>
#include <memory>
#include <vector>

namespace tidemark::ui {

// The map's layers as a list for a legend: row 0 is the top layer (drawn last). Check a row to show it,
// move rows to reorder; the decoration is a strip of the layer's colour swatches, the tooltip its
// explanation.
class MapLayerModel : public QAbstractListModel {
    Q_OBJECT
  public:
    enum Role {
        ExplanationRole = Qt::UserRole + 1,
        LegendLabelsRole,  // QStringList
        LegendColoursRole, // QVariantList of QColor
    };

    explicit MapLayerModel(QObject* parent = nullptr);

    // Adds on top by default; the model shares ownership.
    void addLayer(std::shared_ptr<MapLayer> layer, int row = 0);
    void removeLayer(MapLayer* layer);
    bool moveLayer(int from, int to);
    MapLayer* layerAt(int row) const;
    int rowOf(const MapLayer* layer) const;
    // Bottom first, visible or not.
    std::vector<std::shared_ptr<MapLayer>> drawingOrder() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool moveRows(const QModelIndex& sourceParent, int sourceRow, int count,
                  const QModelIndex& destinationParent, int destinationChild) override;
    QHash<int, QByteArray> roleNames() const override;

  signals:
    // Anything that changes the picture: order, visibility, content, layers added or removed.
    void layersChanged();

  private:
    void layerChanged(MapLayer* layer);

    std::vector<std::shared_ptr<MapLayer>> m_layers; // row order: top first
};

} // namespace tidemark::ui
