#include "maplayermodel.h"

#include <QIcon>
#include <QPainter>
#include <QPixmap>
#include <algorithm>

namespace tidemark::ui {

namespace {

QIcon swatchStrip(const QList<LegendEntry>& legend) {
    constexpr int kSide = 16;
    QPixmap pixmap(kSide, kSide);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    const int count = std::max<int>(1, static_cast<int>(legend.size()));
    for (int i = 0; i < legend.size(); ++i) {
        const int left = i * kSide / count;
        const int right = (i + 1) * kSide / count;
        painter.fillRect(QRect(left, 2, right - left, kSide - 4), legend[i].colour);
    }
    painter.setPen(QColor(0, 0, 0, 110));
    painter.drawRect(QRect(0, 2, kSide - 1, kSide - 5));
    return QIcon(pixmap);
}

} // namespace

MapLayerModel::MapLayerModel(QObject* parent) : QAbstractListModel(parent) {}

void MapLayerModel::addLayer(std::shared_ptr<MapLayer> layer, int row) {
    if (!layer || rowOf(layer.get()) >= 0)
        return;
    row = std::clamp(row, 0, static_cast<int>(m_layers.size()));
    MapLayer* raw = layer.get();
    beginInsertRows({}, row, row);
    m_layers.insert(m_layers.begin() + row, std::move(layer));
    endInsertRows();
    connect(raw, &MapLayer::contentChanged, this, [this, raw] { layerChanged(raw); });
    connect(raw, &MapLayer::visibilityChanged, this, [this, raw] { layerChanged(raw); });
    emit layersChanged();
}

void MapLayerModel::removeLayer(MapLayer* layer) {
    const int row = rowOf(layer);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    disconnect(layer, nullptr, this, nullptr);
    m_layers.erase(m_layers.begin() + row);
    endRemoveRows();
    emit layersChanged();
}

bool MapLayerModel::moveLayer(int from, int to) {
    const int n = rowCount();
    if (from < 0 || from >= n || to < 0 || to >= n || from == to)
        return false;
    // beginMoveRows takes the destination as "insert before", counted before removal.
    return moveRows({}, from, 1, {}, to > from ? to + 1 : to);
}

MapLayer* MapLayerModel::layerAt(int row) const {
    return row >= 0 && row < rowCount() ? m_layers[static_cast<size_t>(row)].get() : nullptr;
}

int MapLayerModel::rowOf(const MapLayer* layer) const {
    const auto it =
        std::find_if(m_layers.begin(), m_layers.end(), [&](const auto& l) { return l.get() == layer; });
    return it == m_layers.end() ? -1 : static_cast<int>(it - m_layers.begin());
}

std::vector<std::shared_ptr<MapLayer>> MapLayerModel::drawingOrder() const {
    return {m_layers.rbegin(), m_layers.rend()};
}

int MapLayerModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_layers.size());
}

QVariant MapLayerModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const MapLayer* layer = m_layers[static_cast<size_t>(index.row())].get();
    switch (role) {
    case Qt::DisplayRole:
        return layer->name();
    case Qt::CheckStateRole:
        return layer->isVisible() ? Qt::Checked : Qt::Unchecked;
    case Qt::DecorationRole:
        return swatchStrip(layer->legend());
    case Qt::ToolTipRole:
    case ExplanationRole:
        return layer->explanation();
    case LegendLabelsRole: {
        QStringList labels;
        for (const LegendEntry& entry : layer->legend())
            labels << entry.label;
        return labels;
    }
    case LegendColoursRole: {
        QVariantList colours;
        for (const LegendEntry& entry : layer->legend())
            colours << entry.colour;
        return colours;
    }
    default:
        return {};
    }
}

bool MapLayerModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::CheckStateRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    // The layer's visibilityChanged signal emits dataChanged through layerChanged().
    m_layers[static_cast<size_t>(index.row())]->setVisible(value.value<Qt::CheckState>() == Qt::Checked);
    return true;
}

Qt::ItemFlags MapLayerModel::flags(const QModelIndex& index) const {
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable | Qt::ItemNeverHasChildren;
}

bool MapLayerModel::moveRows(const QModelIndex& sourceParent, int sourceRow, int count,
                             const QModelIndex& destinationParent, int destinationChild) {
    const int n = rowCount();
    if (sourceParent.isValid() || destinationParent.isValid() || count < 1 || sourceRow < 0 ||
        sourceRow + count > n || destinationChild < 0 || destinationChild > n)
        return false;
    if (!beginMoveRows(sourceParent, sourceRow, sourceRow + count - 1, destinationParent, destinationChild))
        return false;
    std::vector<std::shared_ptr<MapLayer>> moved(m_layers.begin() + sourceRow,
                                                 m_layers.begin() + sourceRow + count);
    m_layers.erase(m_layers.begin() + sourceRow, m_layers.begin() + sourceRow + count);
    const int insertAt = destinationChild > sourceRow ? destinationChild - count : destinationChild;
    m_layers.insert(m_layers.begin() + insertAt, moved.begin(), moved.end());
    endMoveRows();
    emit layersChanged();
    return true;
}

QHash<int, QByteArray> MapLayerModel::roleNames() const {
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(ExplanationRole, "explanation");
    names.insert(LegendLabelsRole, "legendLabels");
    names.insert(LegendColoursRole, "legendColours");
    return names;
}

void MapLayerModel::layerChanged(MapLayer* layer) {
    const int row = rowOf(layer);
    if (row < 0)
        return;
    emit dataChanged(index(row), index(row));
    emit layersChanged();
}

} // namespace tidemark::ui
