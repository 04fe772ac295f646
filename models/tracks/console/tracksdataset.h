#pragma once

#include "error.h"
#include "gpxfilebatch.h"
#include "trackshealth.h"
#include "tracksretention.h"
#include "tracksview.h"

#include <QObject>
#include <QSet>
#include <functional>

namespace tidemark {
class TaskManager;
}

namespace tidemark::tracks {

class TracksTableModel;

// The tracks file as the console holds it: its path, the view (box, zoom, filters, order, page) and what the
// last load of it delivered (the table's page, the map's simplified geometry), the file's facts (activities,
// sources, extent: read with the first view of a file and again by reload(), not for every view), the
// retention preview and the health. Every file access is a task of the one TaskManager; a
// load that a newer view made stale is dropped. Not a widget; the tracks workbench observes it.
class TracksDataset : public QObject {
    Q_OBJECT
  public:
    explicit TracksDataset(TaskManager* tasks, QObject* parent = nullptr);

    TaskManager* tasks() const { return m_tasks; }
    TracksTableModel* table() const { return m_table; }
    const QString& path() const { return m_path; }
    bool isOpen() const { return !m_path.isEmpty(); }
    const TracksView& view() const { return m_view; }
    const TracksViewData& data() const { return m_data; } // the last load
    bool hasData() const { return m_hasData; }
    const TracksFileFacts& fileFacts() const { return m_fileFacts; } // the last ones read

    void setPath(const QString& path); // "" closes; a new file loads its whole extent
    void setBox(const TrackBox& box, int zoom);
    void setFilters(const QStringList& activities, const QStringList& sources); // back to the first page
    void setOrder(TracksQuery::Order order, bool descending);                   // back to the first page
    void setPage(qint64 page);                                                  // 0-based
    qint64 page() const { return m_view.pageSize > 0 ? m_view.offset / m_view.pageSize : 0; }
    qint64 pageCount() const;
    void reload(); // the view and the file's facts, for contents changed outside (an import, another program)

    // The tracks a retention run would delete now (GPS_TRACKS_RETENTION_YEARS, or the error naming it); a
    // clock ahead (TracksRetention::checkClock of now() against this machine's clock and the file) is
    // refused.
    void previewRetention();
    const TracksRetentionPreview& retentionPreview() const { return m_preview; }
    const QSet<qint64>& retentionIds() const { return m_previewIds; }
    int retentionYears() const { return m_years; }
    void loadHealth();
    // Imports GPX files as one (region, source) batch each, in order (a task with progress per file); a
    // refused file is reported and the others go on. Then the view and the health reload.
    void importFiles(const QStringList& paths, const QString& sourceId,
                     const QString& region = QStringLiteral("default"), bool routesAsTracks = false);
    bool isImporting() const { return m_importTask != 0; }
    int importTask() const { return m_importTask; }
    const std::vector<GpxFileImportResult>& lastImport() const { return m_lastImport; }
    const TracksHealthReport& health() const { return m_health; }

    void setClock(std::function<Micros()> clock); // tests; default nowMicros
    Micros now() const { return m_clock ? m_clock() : nowMicros(); }

  signals:
    void pathChanged(const QString& path);
    void loadingStarted();
    void fileFactsLoaded(); // before the loaded() of the same load
    void loaded();
    void previewed();
    void healthLoaded();
    void imported();
    void failed(const QString& message);

  private:
    void loadView();

    TaskManager* m_tasks;
    TracksTableModel* m_table;
    QString m_path;
    TracksView m_view;
    TracksViewData m_data;
    bool m_hasData = false;
    TracksFileFacts m_fileFacts;
    bool m_fileFactsStale = true; // the next view load reads them
    TracksRetentionPreview m_preview;
    QSet<qint64> m_previewIds;
    int m_years = TracksRetention::kDefaultYears;
    TracksHealthReport m_health;
    std::function<Micros()> m_clock;
    std::vector<GpxFileImportResult> m_lastImport;
    int m_importTask = 0;
    int m_generation = 0;     // of the view: a load of an older view is dropped
    int m_fileGeneration = 0; // of the file: a preview or health of another file is dropped
    int m_loadTask = 0;       // the running view load, 0 when none
};

} // namespace tidemark::tracks
