#pragma once

#include <QHashFunctions>
#include <QImage>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>

namespace tidemark::ui {

// An XYZ tile address: y counts from the north (slippy map convention).
struct TileKey {
    int z = 0;
    int x = 0;
    int y = 0;
    bool operator==(const TileKey&) const = default;
};

inline size_t qHash(const TileKey& key, size_t seed = 0) {
    return qHashMulti(seed, key.z, key.x, key.y);
}

// Where base map tiles come from. Lives on the GUI thread; results arrive as signals.
class TileSource : public QObject {
    Q_OBJECT
  public:
    using QObject::QObject;

    virtual int minZoom() const = 0;
    virtual int maxZoom() const = 0;
    virtual QString attribution() const = 0;
    // What the operator should know about the source although it works (one line each, naming it).
    virtual QStringList warnings() const { return {}; }

    // The tiles the view needs now, most important first. Tiles requested earlier and missing from this list
    // are abandoned (network requests aborted).
    virtual void request(const QList<TileKey>& keys) = 0;

    // True while the source is still opening off the GUI thread (an MBTiles file's metadata): until it emits
    // opened() or openFailed(), once, its zoom range and attribution are not known and requests are ignored
    // (BaseMap asks again on opened()).
    virtual bool isOpening() const { return false; }
    // Another source of the same tiles, open as this one is, for a second view: each view's requests
    // supersede only its own earlier ones. Only of a source that is not opening.
    virtual std::shared_ptr<TileSource> twin() const = 0;

  signals:
    void tileReady(const tidemark::ui::TileKey& key, const QImage& image);
    void tileFailed(const tidemark::ui::TileKey& key, const QString& reason);
    void opened();
    void openFailed(const QString& reason); // one line naming the source
};

} // namespace tidemark::ui

Q_DECLARE_METATYPE(tidemark::ui::TileKey)
