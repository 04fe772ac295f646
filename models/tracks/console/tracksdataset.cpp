#include "tracksdataset.h"

#include "settingsreader.h"
#include "spatialitedatabase.h"
#include "taskmanager.h"
#include "trackimporter.h"
#include "tracksourcelist.h"
#include "trackstablemodel.h"
#include "tracksviewloader.h"

#include <QFileInfo>

namespace tidemark::tracks {

TracksDataset::TracksDataset(TaskManager* tasks, QObject* parent)
    : QObject(parent), m_tasks(tasks), m_table(new TracksTableModel(this)) {
    connect(m_table, &TracksTableModel::orderRequested, this, &TracksDataset::setOrder);
}

void TracksDataset::setClock(std::function<Micros()> clock) {
    m_clock = std::move(clock);
}

void TracksDataset::setPath(const QString& path) {
    m_path = path;
    ++m_generation;
    ++m_fileGeneration;
    m_view = {};
    m_data = {};
    m_hasData = false;
    m_fileFacts = {};
    m_preview = {};
    m_previewIds.clear();
    m_health = {};
    m_table->setPage({});
    emit pathChanged(m_path);
    reload();
    loadHealth();
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
    if (m_path.isEmpty())
        return;
    const int generation = ++m_generation;
    // A newer view makes the running load stale: stop it at its next checkpoint rather than queue behind it.
    if (m_loadTask)
        m_tasks->cancel(m_loadTask);
    emit loadingStarted();
    Task<TracksViewData> task;
    task.title = tr("Read the tracks in view of %1").arg(QFileInfo(m_path).fileName());
    // A load that brings the facts clears the flag; until one does (a stale load is dropped), every load
    // asks.
    task.work = [loader = TracksViewLoader(m_path), view = m_view, readFileFacts = m_fileFactsStale](
                    TaskFeedback& feedback) { return loader.load(view, readFileFacts, &feedback); };
    task.summarize = [](const TracksViewData& d) {
        return tr("%Ln track(s) in view", "", int(d.page.matching));
    };
    m_loadTask = m_tasks->start<TracksViewData>(
        std::move(task), this,
        [this, generation](const TracksViewData& data) {
            if (generation != m_generation)
                return;
            m_loadTask = 0;
            m_data = data;
            m_hasData = true;
            if (data.file) {
                m_fileFacts = *data.file;
                m_fileFactsStale = false;
                emit fileFactsLoaded();
            }
            m_table->setPage(data.page);
            emit loaded();
        },
        [this, generation](const Error& error) {
            if (generation != m_generation)
                return;
            m_loadTask = 0;
            if (error.kind() != Error::Kind::Cancelled)
                emit failed(error.message());
        });
}

void TracksDataset::previewRetention() {
    if (m_path.isEmpty())
        return;
    try {
        m_years = TracksRetention::yearsFromSettings(SettingsReader::fromEnvironment());
    } catch (const Error& e) {
        emit failed(e.message());
        return;
    }
    Task<TracksRetentionPreview> task;
    task.title = tr("Preview the retention of %1").arg(QFileInfo(m_path).fileName());
    task.work = [path = m_path, now = now(), years = m_years](TaskFeedback&) {
        auto db = SpatialiteDatabase::open(path);
        TracksRetention retention(*db);
        // No override here: a rehearsal with a clock ahead is the CLI's, on a copy.
        TracksRetention::checkClock(now, nowMicros(), retention.newestCreatedAt(), years, false);
        return retention.preview(TracksRetention::cutoff(now, years));
    };
    task.summarize = [](const TracksRetentionPreview& p) {
        return tr("%Ln track(s) would be deleted", "", int(p.ids.size()));
    };
    const int generation = m_fileGeneration;
    m_tasks->start<TracksRetentionPreview>(
        std::move(task), this,
        [this, generation](const TracksRetentionPreview& preview) {
            if (generation != m_fileGeneration)
                return;
            m_preview = preview;
            m_previewIds = QSet<qint64>(preview.ids.cbegin(), preview.ids.cend());
            emit previewed();
        },
        [this](const Error& error) { emit failed(error.message()); });
}

void TracksDataset::loadHealth() {
    if (m_path.isEmpty())
        return;
    Task<TracksHealthReport> task;
    task.title = tr("Read the health of %1").arg(QFileInfo(m_path).fileName());
    task.work = [path = m_path](TaskFeedback&) {
        auto db = SpatialiteDatabase::open(path);
        return TracksHealth(*db).read();
    };
    const int generation = m_fileGeneration;
    m_tasks->start<TracksHealthReport>(
        std::move(task), this,
        [this, generation](const TracksHealthReport& report) {
            if (generation != m_fileGeneration)
                return;
            m_health = report;
            emit healthLoaded();
        },
        [this](const Error& error) { emit failed(error.message()); });
}

void TracksDataset::importFiles(const QStringList& paths, const QString& sourceId, const QString& region,
                                bool routesAsTracks) {
    if (m_path.isEmpty() || paths.isEmpty() || m_importTask)
        return;
    Task<std::vector<GpxFileImportResult>> task;
    task.title =
        tr("Import %Ln GPX file(s) into %1", "", int(paths.size())).arg(QFileInfo(m_path).fileName());
    task.work = [path = m_path, paths, sourceId, region, routesAsTracks, at = now()](TaskFeedback& feedback) {
        const TrackSourceList sources = TrackSourceList::configured();
        sources.require(sourceId);
        auto db = SpatialiteDatabase::open(path);
        TrackImporter importer(*db, sources, at);
        GpxReadOptions options;
        options.routesAsTracks = routesAsTracks;
        GpxFileBatch batch(importer, region, sourceId, options);
        std::vector<GpxFileImportResult> results;
        for (int i = 0; i < paths.size(); ++i) {
            if (!feedback.checkpoint())
                throw Error(Error::Kind::Cancelled, QStringLiteral("import cancelled"));
            TaskProgress progress =
                TaskProgress::share(double(i) / paths.size(),
                                    QStringLiteral("importing %1").arg(QFileInfo(paths.at(i)).fileName()));
            progress.done = i;
            progress.total = paths.size();
            feedback.report(progress);
            results.push_back(batch.importFile(paths.at(i), &feedback));
        }
        return results;
    };
    task.summarize = [](const std::vector<GpxFileImportResult>& results) {
        const GpxImportTotals totals = GpxImportTotals::of(results);
        return tr("%Ln track(s) added", "", totals.added) +
               (totals.refused ? tr(", %Ln file(s) refused", "", totals.refused) : QString()) +
               (totals.refusedTimes ? tr(", %Ln point time(s) refused", "", int(totals.refusedTimes))
                                    : QString());
    };
    const int generation = m_fileGeneration;
    m_importTask = m_tasks->start<std::vector<GpxFileImportResult>>(
        std::move(task), this,
        [this, generation](const std::vector<GpxFileImportResult>& results) {
            m_importTask = 0;
            if (generation != m_fileGeneration)
                return;
            m_lastImport = results;
            emit imported();
            reload();
            loadHealth();
        },
        [this](const Error& error) {
            m_importTask = 0;
            emit failed(error.message());
        });
}

} // namespace tidemark::tracks
