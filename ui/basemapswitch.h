#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

class QNetworkAccessManager;

namespace tidemark::ui {

class MapView;
class TileSource;

// The console's base map on its maps (BaseMapSpec: the grid, XYZ tiles or an MBTiles file). A choice replaces
// the one shown only once its source is open, so that an MBTiles file refused while its metadata is read off
// the GUI thread leaves every map as it was; a newer choice abandons one still opening. The maps share one
// network access manager with a disk cache, made at the first choice.
class BaseMapSwitch : public QObject {
    Q_OBJECT
  public:
    BaseMapSwitch(std::vector<MapView*> maps, QObject* parent = nullptr);

    // "" when the choice is shown, or is being opened and changed() or refused() follows; else why it cannot
    // be used, found at once (a bad template; a file that does not exist or is not SQLite).
    QString choose(const QString& spec);
    QString current() const { return m_current; } // the choice shown, trimmed
    bool isOpening() const { return m_opening != nullptr; }

  signals:
    void changed(const QString& spec, const QStringList& warnings);
    void refused(const QString& spec, const QString& reason);

  private:
    void show(const QString& spec, const std::shared_ptr<TileSource>& source);

    std::vector<MapView*> m_maps;
    QNetworkAccessManager* m_network = nullptr;
    std::shared_ptr<TileSource> m_opening;
    QString m_current;
};

} // namespace tidemark::ui
