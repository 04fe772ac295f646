// The tracks workbench's Retention & import page at work: the retention preview and run, the health, the
// move to PostGIS, and the import of GPX files chosen or dropped on the workbench (TracksWorkbench's second
// file).
#include "tracksworkbench.h"

#include "displayformat.h"
#include "errortext.h"
#include "tracksdataset.h"
#include "trackslayer.h"

#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QUrl>
#include <algorithm>

namespace tidemark::ui {

using namespace tidemark::tracks;

void TracksWorkbench::previewRetention() {
    m_retention->setText(tr("Looking for tracks older than the retention…"));
    m_dataset->previewRetention();
}

void TracksWorkbench::retain() {
    m_retain->setEnabled(false);
    m_retention->setText(tr("Deleting the tracks older than the retention…"));
    m_dataset->retain();
}

void TracksWorkbench::showRetained() {
    const TracksRetainReport& r = m_dataset->lastRetain();
    m_layer->setHighlighted({});
    QString text = tr("%Ln track(s) deleted, %1 freed", "", int(r.run.deleted.size()))
                       .arg(display::size(r.run.freedBytes()));
    QStringList stale;
    int gone = 0;
    for (const PlanUnitOutcome& o : r.unitOutcomes) {
        if (o.status == PlanUnitOutcome::Status::Stale)
            stale << tr("track %1 (%2)")
                         .arg(qint64(o.unit.value(QLatin1String("id")).toDouble()))
                         .arg(o.detail);
        gone += o.status == PlanUnitOutcome::Status::Done;
    }
    if (gone > 0)
        text += tr("; %Ln previewed track(s) were already gone", "", gone);
    if (!stale.isEmpty())
        text +=
            tr("; %Ln previewed track(s) changed since the preview and were kept: %1", "", int(stale.size()))
                .arg(stale.join(QStringLiteral("; ")));
    if (r.cancelled)
        text += tr("; cancelled: the rest goes with the next run");
    if (!r.run.spatialIndexValid && !r.cancelled)
        text += tr("; the spatial index is INCONSISTENT");
    m_retention->setText(text);
}

void TracksWorkbench::showPlannedTracks(const QSet<qint64>& ids, const QString& plan) {
    m_layer->setHighlighted(ids);
    m_retention->setText(
        tr("%Ln track(s) of the plan %1 are magenta on the map; it is applied from its window.", "",
           int(ids.size()))
            .arg(plan));
}

void TracksWorkbench::showRetention() {
    const TracksRetentionPreview& p = m_dataset->retentionPreview();
    m_retain->setEnabled(!p.ids.empty());
    m_layer->setHighlighted(m_dataset->retentionIds());
    m_retention->setText(
        tr("%Ln track(s) imported before %1 would be deleted (%2 years); magenta on the map.", "",
           int(p.ids.size()))
            .arg(display::date(p.cutoff))
            .arg(m_dataset->retentionYears()));
}

void TracksWorkbench::showHealth() {
    const TracksHealthReport& h = m_dataset->health();
    QString text = h.postgis ? tr("Health: %Ln track(s), tables %1, indexes %2", "", int(h.tracks))
                                   .arg(display::size(h.databaseBytes), display::size(h.indexBytes))
                             : tr("Health: %Ln track(s), database %1, WAL %2", "", int(h.tracks))
                                   .arg(display::size(h.databaseBytes), display::size(h.walBytes));
    if (!h.lastRuns.empty())
        text += tr("; last import %1 (%2, %3): %4")
                    .arg(instantText(h.lastRuns.front().finishedAt), h.lastRuns.front().source,
                         h.lastRuns.front().region, h.lastRuns.front().status);
    m_health->setText(h.overThreshold() ? errorHtml(text + tr(" — over %1: plan a retention run or a split")
                                                               .arg(display::size(h.warnAboveBytes)))
                                        : text.toHtmlEscaped());
}

void TracksWorkbench::migrateTo(const QString& conninfo) {
    m_migrate->setEnabled(false);
    m_migrateResult->setText(tr("Copying to PostGIS…"));
    m_dataset->migrateTo(conninfo);
}

void TracksWorkbench::showMigrated() {
    const TracksMigrateReport& r = m_dataset->lastMigrate();
    m_migrate->setEnabled(!m_dataset->location().isPostgis());
    const QString text = tr("Copied %Ln track(s) to %1", "", int(r.tracksCopied)).arg(r.target);
    if (r.done())
        m_migrateResult->setText(
            (text + tr(": verified (%Ln track(s) in the store)", "", int(r.tracksInStore))).toHtmlEscaped());
    else if (r.cancelled)
        m_migrateResult->setText((text + tr(": cancelled, copy again to resume")).toHtmlEscaped());
    else
        m_migrateResult->setText(
            errorHtml(text + tr(": NOT verified: %1").arg(r.mismatches.join(QStringLiteral("; ")))));
}

QString TracksWorkbench::migrateText() const {
    return m_migrateResult->text();
}

void TracksWorkbench::setImportSource(const QString& sourceId) {
    m_importSource->setCurrentIndex(m_importSource->findData(sourceId));
}

void TracksWorkbench::importFiles(const QStringList& paths) {
    m_areas->setCurrentWidget(m_storeTab); // a drop shows its progress and result
    m_importResult->clear();
    m_refusedDrop.clear();
    m_importProgress->setValue(0);
    const QString activity = m_importActivity->text().trimmed();
    m_importedActivity =
        (activity.isEmpty() ? QLatin1String(TracksImportRequest::kDefaultActivity) : activity).toLower();
    m_importedSource = m_importSource->currentData().toString();
    m_dataset->importFiles(
        paths, m_importSource->currentData().toString(), QLatin1String(TracksImportRequest::kDefaultRegion),
        false, activity.isEmpty() ? QLatin1String(TracksImportRequest::kDefaultActivity) : activity);
    m_import->setEnabled(!m_dataset->isImporting());
}

namespace {
bool isGpxFile(const QUrl& url) {
    const QFileInfo file(url.toLocalFile());
    return url.isLocalFile() && file.isFile() &&
           file.suffix().compare(QLatin1String("gpx"), Qt::CaseInsensitive) == 0;
}

// Dragged files: accepted as a copy when any of them is local (a drop of GPX files and others imports the
// GPX files and names the rest).
bool acceptsFiles(const QMimeData* mime) {
    if (!mime || !mime->hasUrls())
        return false;
    const QList<QUrl> urls = mime->urls();
    return std::any_of(urls.cbegin(), urls.cend(), [](const QUrl& url) { return url.isLocalFile(); });
}
} // namespace

bool TracksWorkbench::dropFiles(const QList<QUrl>& urls) {
    QStringList gpx, others;
    for (const QUrl& url : urls) {
        if (isGpxFile(url))
            gpx << url.toLocalFile();
        else
            others << (url.isLocalFile() ? QFileInfo(url.toLocalFile()).fileName() : url.toDisplayString());
    }
    QString problem;
    if (gpx.isEmpty())
        problem = tr("Nothing imported: only GPX files (.gpx) can be dropped here.");
    else if (!m_dataset->isOpen())
        problem = tr("Nothing imported: no tracks store is open.");
    else if (m_dataset->isImporting())
        problem = tr("Nothing imported: an import is still running; drop the files again when it is done.");
    else if (m_importSource->currentData().toString().isEmpty())
        problem = tr("Nothing imported: no source is configured (GPS_SOURCES_CONFIG).");
    const QString refused =
        others.isEmpty() ? QString()
                         : tr("Not imported, not GPX files: %1").arg(others.join(QStringLiteral(", ")));
    if (!problem.isEmpty()) {
        m_importResult->setText(
            errorHtml(refused.isEmpty() ? problem : problem + QLatin1Char(' ') + refused));
        return false;
    }
    importFiles(gpx);
    m_refusedDrop = refused;
    if (!m_refusedDrop.isEmpty())
        m_importResult->setText(errorHtml(m_refusedDrop));
    return true;
}

void TracksWorkbench::dragEnterEvent(QDragEnterEvent* event) {
    if (acceptsFiles(event->mimeData())) {
        event->setDropAction(Qt::CopyAction);
        event->accept();
    }
}

void TracksWorkbench::dragMoveEvent(QDragMoveEvent* event) {
    if (acceptsFiles(event->mimeData())) {
        event->setDropAction(Qt::CopyAction);
        event->accept();
    }
}

void TracksWorkbench::dropEvent(QDropEvent* event) {
    if (!acceptsFiles(event->mimeData()))
        return;
    event->setDropAction(Qt::CopyAction);
    event->accept();
    dropFiles(event->mimeData()->urls());
}

void TracksWorkbench::showSources() {
    m_importSource->clear();
    for (const TrackSource& source : m_dataset->settings().sources.sources())
        m_importSource->addItem(source.name.isEmpty() ? source.id : source.name, source.id);
}

void TracksWorkbench::showImport() {
    m_import->setEnabled(true);
    m_importProgress->setValue(m_importProgress->maximum());
    m_importProgress->setFormat(tr("done"));
    const TracksImportReport& report = m_dataset->lastImport();
    const GpxImportTotals totals = report.totals();
    QString text =
        tr("%1 added, %2 merged, %3 unchanged, %4 skipped (waypoints, routes, tracks under two points)")
            .arg(display::count(totals.added), display::count(totals.merged),
                 display::count(totals.unchanged),
                 display::count(totals.skippedWaypoints + totals.skippedRoutes + totals.tooShort))
            .toHtmlEscaped();
    for (const GpxFileImportResult& r : report.files)
        if (r.refused())
            text += QStringLiteral("<br>") + errorHtml(tr("refused: %1").arg(r.error));
    if (report.cancelled)
        text += QStringLiteral("<br>") +
                tr("Cancelled: %Ln file(s) not imported", "", int(report.notImported.size())).toHtmlEscaped();
    if (!m_refusedDrop.isEmpty())
        text += QStringLiteral("<br>") + errorHtml(m_refusedDrop);
    // The map goes to what was imported (merged and unchanged tracks too: they are in the store), and the
    // filters show them: an import never ends on a map without its tracks (for the import's own activity and
    // source; a GPX file's own activity new to the store comes checked).
    if (totals.extent && checkImported(m_importedActivity, m_importedSource))
        text +=
            QStringLiteral("<br>") + tr("%1 and %2 are checked in the filters to show the imported tracks.")
                                         .arg(m_importedActivity, m_importedSource)
                                         .toHtmlEscaped();
    m_importResult->setText(text);
    if (totals.extent)
        fitWhenShown(*totals.extent);
    emit importFinished();
}

} // namespace tidemark::ui
