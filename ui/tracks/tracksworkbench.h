#pragma once

#include "tracksdataset.h"
#include "workbench.h"

#include <QGeoRectangle>
#include <QWidget>
#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QListWidget;
class QPushButton;
class QSplitter;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QTimer;
class QUrl;

namespace tidemark {
class Error;
}

namespace tidemark::tracks {
class TracksDataset;
struct TrackBox;
} // namespace tidemark::tracks

namespace tidemark::ui {

class MapView;
class TracksCapacityPanel;
class TracksLayer;

// The tracks console: the tracks in the map's view as simplified lines coloured by activity and as a table
// (a page at a time, sorted by the file), activity and source filters, the selected track's details and its
// sources with their links, the retention preview highlighted on the map (and the run that deletes those
// tracks), the file's health and the GPX import (source, activity); beside it the Capacity area. It shows a
// TracksDataset and calls its methods; the dataset starts every task and decides what follows one.
class TracksWorkbench : public QWidget, public Workbench {
    Q_OBJECT
  public:
    explicit TracksWorkbench(tracks::TracksDataset* dataset, QWidget* parent = nullptr);

    // The Workbench interface (the main window's).
    QWidget* widget() override { return this; }
    QString title() const override;
    std::optional<WorkspaceDataset> workspaceDataset() const override { return WorkspaceDataset::Tracks; }
    std::vector<QAbstractButton*> commandButtons(WorkbenchCommand command) const override;
    QString helpPage() const override { return QStringLiteral("tracks.md"); }

    void selectTrack(qint64 id); // on the map, and in the table when it is on this page
    qint64 selectedTrack() const;
    void nextPage();
    void previousPage();
    void setActivityChecked(const QString& activity, bool checked);
    // Fits the map to the tracks the filters leave (the Zoom to fit button, Ctrl+0).
    void zoomToFit();
    void previewRetention();
    void retain(); // the tracks of the last preview (the button asks first)
    // The tracks an opened plan file deletes (Home ▸ Open plan…), highlighted on the map as a preview's are;
    // the plan is applied from its window.
    void showPlannedTracks(const QSet<qint64>& ids, const QString& plan);
    // Imports GPX files from the source chosen in the source box (the file dialog's choice lands here).
    void importFiles(const QStringList& paths);
    // Files dropped on the workbench: the .gpx files among them are imported as importFiles() does (the
    // chosen source and activity); anything else (not a local .gpx file) is refused, named in the import's
    // line. False when nothing was imported (no GPX file, no tracks store open, an import still running).
    bool dropFiles(const QList<QUrl>& urls);
    void setImportSource(const QString& sourceId);
    // Copies the open file into a PostGIS store (the button asks for its connection string).
    void migrateTo(const QString& conninfo);

    tracks::TracksDataset* dataset() const override { return m_dataset; }
    QPushButton* retentionPreviewButton() const { return m_preview; } // the main window's Preview command
    QPushButton* retainButton() const { return m_retain; }            // and its Run command
    MapView* map() const override { return m_map; }                   // the tracks' map
    TracksLayer* layer() const { return m_layer.get(); }
    QTableView* table() const { return m_table; }
    QTabWidget* areas() const { return m_areas; }
    TracksCapacityPanel* capacityPanel() const { return m_capacity; }
    QListWidget* activityFilter() const { return m_activities; }
    QListWidget* sourceFilter() const { return m_sources; }
    QTextBrowser* details() const { return m_details; }
    QString summaryText() const;
    QString mapNoteText() const; // what the map's layer is (lines, or the density and what it counts)
    QString pagerText() const;
    QString retentionText() const;
    QString healthText() const;
    QString importText() const;
    QString migrateText() const;
    QProgressBar* importProgress() const { return m_importProgress; }

  signals:
    void loaded();
    void importFinished();
    void failed(const tidemark::Error& error);

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;

  private:
    void clearShown();
    bool checkImported(const QString& activity, const QString& source);
    void fitToFileWhenShown();
    void fitWhenShown(const tracks::TrackBox& box); // the extent an import or zoom to fit asks for
    void showFileFacts();
    void fitTableWidth();
    void showData();
    void fillFilter(QListWidget* list, const QMap<QString, qint64>& counts);
    void filtersChanged();
    void viewChanged();
    void showDetails();
    void showRetention();
    void showRetained();
    void showHealth();
    void showSources(); // the import box: the configured sources of the settings
    void showImport();
    void showMigrated();
    static QStringList checkedItems(const QListWidget* list);
    // An instant the store gives as ISO text, as the console shows instants (the text as is when it is none).
    static QString instantText(const QString& iso);

    tracks::TracksDataset* m_dataset;
    MapView* m_map;
    std::shared_ptr<TracksLayer> m_layer;
    QTimer* m_viewSettle;
    bool m_fitted = false;  // the map has been fitted to m_extent
    QGeoRectangle m_extent; // of the file, or of an import: fitted once the map is shown with its real size
    QLabel* m_mapNote;
    QLabel* m_summary;
    QListWidget* m_activities;
    QListWidget* m_sources;
    QTableView* m_table;
    QPushButton* m_previous;
    QPushButton* m_next;
    QLabel* m_pager;
    QTextBrowser* m_details;
    QPushButton* m_preview;
    QPushButton* m_retain;
    QLabel* m_retention;
    QLabel* m_health;
    QWidget* m_storeTab; // retention, the copy to PostGIS, imports
    QPushButton* m_migrate;
    QLabel* m_migrateResult;
    QComboBox* m_importSource;
    QString m_importedActivity; // of the last import started here, and its source
    QString m_importedSource;
    QLineEdit* m_importActivity;
    QPushButton* m_import;
    QProgressBar* m_importProgress;
    QLabel* m_importResult;
    QString m_refusedDrop; // the refusal of the last drop's other files, kept beside its import's result
    QTabWidget* m_areas;
    QSplitter* m_split; // the map beside the areas
    bool m_splitMoved = false;
    bool m_fitToWidth = false; // a store's first view is refitted when the table takes its width
    TracksCapacityPanel* m_capacity;
};

} // namespace tidemark::ui
