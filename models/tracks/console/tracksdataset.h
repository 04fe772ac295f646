#pragma once

#include "datasetbase.h"
#include "error.h"
#include "taskprogress.h"
#include "tracksforecast.h"
#include "trackshealth.h"
#include "tracksimportjob.h"
#include "trackslocation.h"
#include "tracksmigratejob.h"
#include "tracksretainjob.h"
#include "trackssettings.h"
#include "tracksview.h"

#include <QObject>
#include <QSet>
#include <functional>

namespace tidemark {
class TaskManager;
}

namespace tidemark::tracks {

class TracksSummaryModel;
class TracksTableModel;

// The tracks file as the console holds it: its path, the view (box, zoom, filters, order, page) and what the
// last load of it delivered (the table's page, the map's simplified geometry), the file's facts (activities,
// sources, extent: read with the first view of a file and again by reload(), not for every view), the
// retention preview and the health. Every file access is a task run by its DatasetBase (an import and a
// retention run are TracksImportJob and TracksRetainJob, as in the CLI); a load that a newer view made stale
// is dropped. Another store, or a failed load, empties everything read from the last one. Its settings
// (retention years, sources) come in as a value. Not a widget; the tracks workbench observes it.
class TracksDataset : public DatasetBase {
    Q_OBJECT
  public:
    explicit TracksDataset(TaskManager* tasks, QObject* parent = nullptr);

    TracksTableModel* table() const { return m_table; }
    // The file's track counts, lengths and extents (total, then per activity), from its facts: the one
    // summary of the tracks dataset, for the dock and the workbench.
    TracksSummaryModel* summary() const { return m_summary; }
    const TracksLocation& location() const { return m_location; }
    // The file's path or the connection string (TracksLocation::text).
    QString path() const { return m_location.text(); }
    bool isOpen() const { return !m_location.isEmpty(); }
    const TracksView& view() const { return m_view; }
    const TracksViewData& data() const { return m_data; } // the last load
    bool hasData() const { return m_hasData; }
    const TracksFileFacts& fileFacts() const { return m_fileFacts; } // the last ones read
    // The settings read at start (GPS_TRACKS_RETENTION_YEARS, GPS_SOURCES_CONFIG); default: their defaults.
    void setSettings(const TracksSettings& settings);
    const TracksSettings& settings() const { return m_settings; }

    // The store to show: a file or a PostGIS database (empty closes); a new store loads its whole extent.
    void setLocation(const TracksLocation& location);
    void setPath(const QString& path); // setLocation of a file ("" closes)
    void setBox(const TrackBox& box, int zoom);
    void setFilters(const QStringList& activities, const QStringList& sources); // back to the first page
    void setOrder(TracksQuery::Order order, bool descending);                   // back to the first page
    void setPage(qint64 page);                                                  // 0-based
    qint64 page() const { return m_view.pageSize > 0 ? m_view.offset / m_view.pageSize : 0; }
    qint64 pageCount() const;
    void reload(); // the view and the file's facts, for contents changed outside (an import, another program)

    // The tracks a retention run would delete now (a dry run of TracksRetainJob with the settings' years); a
    // clock ahead of this machine's clock or of the file is refused (the console has no override).
    void previewRetention();
    const TracksRetentionPreview& retentionPreview() const { return m_preview; }
    const QSet<qint64>& retentionIds() const { return m_previewIds; }
    // The preview as a plan's units: its tracks with what the apply re-checks.
    const TracksPlanUnits& retentionUnits() const { return m_previewUnits; }
    int retentionYears() const { return m_settings.retentionYears; }
    // After a preview, applies it (TracksRetainJob with the preview's units as its plan, no override, no
    // metrics): exactly the previewed tracks go, a track eligible since is kept, and one changed or merged
    // since is stale (lastRetain().unitOutcomes names it). Without a preview, a plain retention run.
    // Cancelled, it reports what went. Then the view and the health reload.
    void retain();
    bool isRetaining() const { return m_retainSlot.busy(); }
    const TracksRetainReport& lastRetain() const { return m_lastRetain; }
    void loadHealth();
    // Imports GPX files as one (region, source) batch each, in order (TracksImportJob: progress per file, a
    // refused file is reported and the others go on, a cancel stops between files and reports what was
    // committed). Then the view and the health reload.
    void importFiles(const QStringList& paths, const QString& sourceId,
                     const QString& region = QLatin1String(TracksImportRequest::kDefaultRegion),
                     bool routesAsTracks = false,
                     const QString& activity = QLatin1String(TracksImportRequest::kDefaultActivity));
    bool isImporting() const { return m_importSlot.busy(); }
    int importTask() const { return m_importSlot.id; }
    const TracksImportReport& lastImport() const { return m_lastImport; }
    const TracksHealthReport& health() const { return m_health; }
    // The store's capacity forecast at now() with the settings' retention (TracksForecastJob, as tidemark-cli
    // forecast tracks: read only); forecastReady carries it, forecast() keeps the last one of this store.
    void loadForecast();
    const TracksForecast& forecast() const { return m_forecast; }
    // Copies the open file into the PostGIS store `conninfo` (TracksMigrateJob, as tidemark-cli tracks
    // migrate: streamed, resumable, verified before it is done; the file is only read). The view stays on the
    // file.
    void migrateTo(const QString& conninfo);
    bool isMigrating() const { return m_migrateSlot.busy(); }
    const TracksMigrateReport& lastMigrate() const { return m_lastMigrate; }

  signals:
    void pathChanged(const QString& path);
    void loadingStarted();
    void fileFactsLoaded(); // before the loaded() of the same load; summary() holds them too
    void loaded();
    void mapLoaded(); // a load's map (data().map) ahead of its table page and loaded()
    void previewed();
    void healthLoaded();
    void forecastReady(const tidemark::tracks::TracksForecast& forecast);
    void imported(); // also after a cancel: lastImport().cancelled
    void importProgressed(const TaskProgress& progress);
    void retained(); // also after a cancel: lastRetain().cancelled
    void migrated(); // also after a cancel or a failed verification: lastMigrate()
    void loadFailed(const tidemark::Error& error);
    void previewFailed(const tidemark::Error& error);
    void healthFailed(const tidemark::Error& error);
    void forecastFailed(const tidemark::Error& error);
    void importFailed(const tidemark::Error& error);
    void retainFailed(const tidemark::Error& error);
    void migrateFailed(const tidemark::Error& error);

  protected:
    void clearModels() override;
    void taskProgressed(int taskId, const TaskProgress& progress) override;

  private:
    void loadView();
    TracksRetainRequest retainRequest(bool dryRun) const;

    TracksTableModel* m_table;
    TracksSummaryModel* m_summary;
    TracksLocation m_location;
    TracksView m_view;
    TracksViewData m_data;
    bool m_hasData = false;
    TracksFileFacts m_fileFacts;
    bool m_fileFactsStale = true; // the next view load reads them
    TracksRetentionPreview m_preview;
    QSet<qint64> m_previewIds;
    TracksPlanUnits m_previewUnits;
    bool m_previewed = false; // m_previewUnits is the last preview of this store (possibly empty)
    TracksSettings m_settings;
    TracksHealthReport m_health;
    TracksForecast m_forecast;
    TracksImportReport m_lastImport;
    TracksRetainReport m_lastRetain;
    TracksMigrateReport m_lastMigrate;
    TaskSlot m_loadSlot; // the view's load: a newer view replaces it
    TaskSlot m_previewSlot;
    TaskSlot m_retainSlot;
    TaskSlot m_migrateSlot;
    TaskSlot m_healthSlot;
    TaskSlot m_forecastSlot;
    TaskSlot m_importSlot;
};

} // namespace tidemark::tracks
