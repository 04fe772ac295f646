#include "tracksdataset.h"

#include "displayformat.h"
#include "taskmanager.h"
#include "tracksdatabase.h"
#include "tracksforecastjob.h"
#include "trackssummarymodel.h"
#include "trackstablemodel.h"
#include "tracksviewloader.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QJsonDocument>

namespace tidemark::tracks {

TracksDataset::TracksDataset(TaskManager* tasks, QObject* parent)
    : DatasetBase(tasks, parent), m_table(new TracksTableModel(this)),
      m_summary(new TracksSummaryModel(this)) {
    connect(m_table, &TracksTableModel::orderRequested, this, &TracksDataset::setOrder);
}

// A load's map arrives with its progress, ahead of its table page.
void TracksDataset::taskProgressed(int taskId, const TaskProgress& progress) {
    if (holds(m_importSlot, taskId))
        emit importProgressed(progress);
    if (holds(m_loadSlot, taskId) && progress.detail.canConvert<TracksViewMap>()) {
        m_data.map = progress.detail.value<TracksViewMap>();
        emit mapLoaded();
    }
}

void TracksDataset::setSettings(const TracksSettings& settings) {
    m_settings = settings;
    acceptSettings();
}

void TracksDataset::setPath(const QString& path) {
    setLocation(TracksLocation::file(path));
}

void TracksDataset::setLocation(const TracksLocation& location) {
    m_location = location;
    m_view = {};
    changeSource(location.isEmpty() ? QString() : location.displayName());
    emit pathChanged(path());
    reload();
    loadHealth();
}

void TracksDataset::clearModels() {
    m_data = {};
    m_hasData = false;
    m_fileFacts = {};
    m_fileFactsStale = true;
    m_preview = {};
    m_previewIds.clear();
    m_previewUnits = {};
    m_previewed = false;
    m_health = {};
    m_forecast = {};
    m_lastImport = {};
    m_lastRetain = {};
    m_lastMigrate = {};
    m_table->setPage({});
    m_summary->clear();
}

void TracksDataset::setBox(const TrackBox& box, int zoom) {
    m_view.box = box;
    m_view.zoom = zoom;
    m_view.offset = 0;
    loadView();
}

void TracksDataset::setFilters(const QStringList& activities, const QStringList& sources) {
    m_view.activities = activities;
    m_view.sources = sources;
    m_view.offset = 0;
    loadView();
}

void TracksDataset::setOrder(TracksQuery::Order order, bool descending) {
    m_view.order = order;
    m_view.descending = descending;
    m_view.offset = 0;
    loadView();
}

qint64 TracksDataset::pageCount() const {
    const qint64 matching = m_data.page.matching;
    return m_view.pageSize > 0 ? std::max<qint64>(1, (matching + m_view.pageSize - 1) / m_view.pageSize) : 1;
}

void TracksDataset::setPage(qint64 page) {
    m_view.offset = std::clamp<qint64>(page, 0, pageCount() - 1) * m_view.pageSize;
    loadView();
}

void TracksDataset::reload() {
    m_fileFactsStale = true;
    loadView();
}

void TracksDataset::loadView() {
    if (m_location.isEmpty())
        return;
    // A newer view makes the running load stale: run() stops it at its next checkpoint rather than queue
    // behind it.
    emit loadingStarted();
    Task<TracksViewData> task;
    task.title = tr("Read the tracks in view of %1").arg(m_location.displayName());
    // A load that brings the facts clears the flag; until one does (a stale load is dropped), every load
    // asks.
    task.work = [loader = TracksViewLoader(m_location), view = m_view, readFileFacts = m_fileFactsStale](
                    TaskFeedback& feedback) { return loader.load(view, readFileFacts, feedback); };
    task.summarize = [](const TracksViewData& d) {
        return tr("%Ln track(s) in view", "", int(d.page.matching));
    };
    run<TracksViewData>(
        std::move(task), m_loadSlot,
        [this](const TracksViewData& data) {
            m_data = data;
            m_hasData = true;
            if (data.file) {
                m_fileFacts = *data.file;
                m_fileFactsStale = false;
                m_summary->setSummaries(m_fileFacts.summaries);
                emit fileFactsLoaded();
            }
            m_table->setPage(data.page);
            emit loaded();
        },
        [this](const Error& error) {
            if (error.kind() == Error::Kind::Cancelled)
                return;
            clearAll(); // nothing read from the store stays beside the error
            emit loadFailed(error);
        });
}

TracksRetainRequest TracksDataset::retainRequest(bool dryRun) const {
    TracksRetainRequest request;
    request.store = m_location;
    request.retentionYears = m_settings.retentionYears;
    request.now = now();
    request.machineNow = nowMicros();
    request.dryRun = dryRun;
    request.collectUnits = dryRun; // a preview is a plan
    // No override here: a rehearsal with a clock ahead is the CLI's, on a copy. No metrics either: they are
    // the timer's runs.
    return request;
}

void TracksDataset::previewRetention() {
    if (m_location.isEmpty())
        return;
    const TracksRetainRequest request = retainRequest(true);
    Task<TracksRetainReport> task;
    task.title = tr("Preview the retention of %1").arg(m_location.displayName());
    task.work = [request](TaskFeedback& feedback) { return TracksRetainJob::run(request, feedback); };
    task.summarize = [](const TracksRetainReport& r) {
        return tr("%Ln track(s) would be deleted", "", int(r.wouldDelete.size()));
    };
    run<TracksRetainReport>(
        std::move(task), m_previewSlot,
        [this](const TracksRetainReport& report) {
            m_preview = TracksRetentionPreview{report.cutoff, report.wouldDelete};
            m_previewIds = QSet<qint64>(report.wouldDelete.cbegin(), report.wouldDelete.cend());
            m_previewUnits = report.units;
            m_previewed = true;
            emit previewed();
        },
        [this](const Error& error) { emit previewFailed(error); });
}

void TracksDataset::retain() {
    if (m_location.isEmpty() || m_retainSlot.busy())
        return;
    TracksRetainRequest request = retainRequest(false);
    if (m_previewed) {
        // The preview is the plan: the console has no plan file, so its sha256 is that of the units.
        request.plan = m_previewUnits;
        request.planSha256 = QString::fromLatin1(
            QCryptographicHash::hash(QJsonDocument(m_previewUnits.toJson()).toJson(QJsonDocument::Compact),
                                     QCryptographicHash::Sha256)
                .toHex());
    }
    Task<TracksRetainReport> task;
    task.title = tr("Delete the tracks of %1 older than the retention").arg(m_location.displayName());
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) { return TracksRetainJob::run(request, feedback); };
    task.summarize = [](const TracksRetainReport& r) {
        return tr("%Ln track(s) deleted", "", int(r.run.deleted.size()));
    };
    run<TracksRetainReport>(
        std::move(task), m_retainSlot,
        [this](const TracksRetainReport& report) {
            m_lastRetain = report;
            m_preview = {};
            m_previewIds.clear();
            m_previewUnits = {};
            m_previewed = false;
            emit retained();
            reload();
            loadHealth();
        },
        [this](const Error& error) { emit retainFailed(error); });
}

void TracksDataset::migrateTo(const QString& conninfo) {
    if (m_location.isEmpty() || m_location.isPostgis() || conninfo.trimmed().isEmpty() ||
        m_migrateSlot.busy())
        return;
    const TracksMigrateRequest request{m_location.sqlitePath, conninfo.trimmed(),
                                       TracksMigrateRequest::kDefaultBatchTracks};
    Task<TracksMigrateReport> task;
    task.title = tr("Copy %1 to PostGIS %2")
                     .arg(m_location.displayName(), TracksLocation::postgis(request.conninfo).displayName());
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) { return TracksMigrateJob::run(request, feedback); };
    task.summarize = [](const TracksMigrateReport& r) {
        return r.done()      ? tr("%Ln track(s) copied, verified", "", int(r.tracksCopied))
               : r.cancelled ? tr("%Ln track(s) copied, cancelled", "", int(r.tracksCopied))
                             : tr("NOT verified: %1").arg(r.mismatches.value(0));
    };
    run<TracksMigrateReport>(
        std::move(task), m_migrateSlot,
        [this](const TracksMigrateReport& report) {
            m_lastMigrate = report;
            emit migrated();
        },
        [this](const Error& error) { emit migrateFailed(error); });
}

void TracksDataset::loadHealth() {
    if (m_location.isEmpty())
        return;
    Task<TracksHealthReport> task;
    task.title = tr("Read the health of %1").arg(m_location.displayName());
    task.work = [location = m_location](TaskFeedback&) {
        auto db = TracksDatabase::open(location, TracksDatabase::Access::ReadOnly);
        return TracksHealth(*db).read();
    };
    run<TracksHealthReport>(
        std::move(task), m_healthSlot,
        [this](const TracksHealthReport& report) {
            m_health = report;
            emit healthLoaded();
        },
        [this](const Error& error) { emit healthFailed(error); });
}

void TracksDataset::loadForecast() {
    if (m_location.isEmpty())
        return;
    const TracksForecastRequest request{m_location, m_settings, now()};
    Task<TracksForecast> task;
    task.title = tr("Forecast the size of %1").arg(m_location.displayName());
    task.work = [request](TaskFeedback& feedback) { return TracksForecastJob::run(request, feedback); };
    task.summarize = [](const TracksForecast& f) {
        return f.reaches2GbOn
                   ? tr("%1 on %2")
                         .arg(display::size(TracksForecast::kAlertBytes), display::date(*f.reaches2GbOn))
                   : f.reaches2GbReason;
    };
    run<TracksForecast>(
        std::move(task), m_forecastSlot,
        [this](const TracksForecast& forecast) {
            m_forecast = forecast;
            emit forecastReady(forecast);
        },
        [this](const Error& error) {
            if (error.kind() != Error::Kind::Cancelled)
                emit forecastFailed(error);
        });
}

void TracksDataset::importFiles(const QStringList& paths, const QString& sourceId, const QString& region,
                                bool routesAsTracks, const QString& activity) {
    if (m_location.isEmpty() || paths.isEmpty() || m_importSlot.busy())
        return;
    TracksImportRequest request;
    request.store = m_location;
    request.files = paths;
    request.sourceId = sourceId;
    request.region = region;
    request.options.routesAsTracks = routesAsTracks;
    request.options.defaultActivity = activity;
    request.sources = m_settings.sources;
    request.now = now();
    Task<TracksImportReport> task;
    task.title = tr("Import %Ln GPX file(s) into %1", "", int(paths.size())).arg(m_location.displayName());
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) { return TracksImportJob::run(request, feedback); };
    task.summarize = [](const TracksImportReport& report) {
        const GpxImportTotals totals = report.totals();
        return tr("%Ln track(s) added", "", totals.added) +
               (totals.refused ? tr(", %Ln file(s) refused", "", totals.refused) : QString()) +
               (totals.refusedTimes ? tr(", %Ln point time(s) refused", "", int(totals.refusedTimes))
                                    : QString()) +
               (report.cancelled ? tr(", %Ln file(s) not imported", "", int(report.notImported.size()))
                                 : QString());
    };
    run<TracksImportReport>(
        std::move(task), m_importSlot,
        [this](const TracksImportReport& report) {
            m_lastImport = report;
            emit imported();
            reload();
            loadHealth();
        },
        [this](const Error& error) { emit importFailed(error); });
}

} // namespace tidemark::tracks
