#include "tracksworkbench.h"

#include "displayformat.h"
#include "error.h"
#include "errortext.h"
#include "maplayermodel.h"
#include "mapview.h"
#include "trackscapacitypanel.h"
#include "tracksdataset.h"
#include "trackslayer.h"
#include "trackstablemodel.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace tidemark::ui {

using namespace tidemark::tracks;

namespace {
QListWidget* checkList(QWidget* parent) {
    auto* list = new QListWidget(parent);
    list->setSelectionMode(QAbstractItemView::NoSelection);
    list->setUniformItemSizes(true);
    list->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    return list;
}

// A filter list as tall as its entries (up to kMaxFilterRows, then it scrolls): every activity of a store
// reads without a scroll bar hiding one.
constexpr int kMaxFilterRows = 10;
void fitToEntries(QListWidget* list) {
    const int rows = std::clamp(list->count(), 1, kMaxFilterRows);
    const int rowHeight = list->count() > 0 ? list->sizeHintForRow(0) : list->fontMetrics().height() + 2;
    list->setFixedHeight(rows * rowHeight + 2 * list->frameWidth());
}
} // namespace

QString TracksWorkbench::instantText(const QString& iso) {
    try {
        return display::instant(parseIsoTimestamp(iso));
    } catch (const Error&) {
        return iso;
    }
}

TracksWorkbench::TracksWorkbench(TracksDataset* dataset, QWidget* parent)
    : QWidget(parent), m_dataset(dataset) {
    m_map = new MapView(this);
    m_layer = std::make_shared<TracksLayer>();
    m_map->layers()->addLayer(m_layer);
    m_viewSettle = new QTimer(this);
    m_viewSettle->setSingleShot(true);
    m_viewSettle->setInterval(150);

    m_summary = new QLabel(tr("No tracks file is open."), this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);

    m_activities = checkList(this);
    m_sources = checkList(this);
    auto* filters = new QWidget(this);
    auto* filterLayout = new QHBoxLayout(filters);
    filterLayout->setContentsMargins(0, 0, 0, 0);
    auto* activityColumn = new QVBoxLayout;
    activityColumn->addWidget(new QLabel(tr("Activities"), this));
    activityColumn->addWidget(m_activities);
    auto* sourceColumn = new QVBoxLayout;
    sourceColumn->addWidget(new QLabel(tr("Sources"), this));
    sourceColumn->addWidget(m_sources);
    filterLayout->addLayout(activityColumn);
    filterLayout->addLayout(sourceColumn);

    m_table = new QTableView(this);
    m_table->setModel(dataset->table());
    m_table->setSortingEnabled(true);
    m_table->horizontalHeader()->setSortIndicator(TracksTableModel::NameColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_previous = new QPushButton(tr("‹ Previous"), this);
    m_next = new QPushButton(tr("Next ›"), this);
    m_pager = new QLabel(this);
    auto* pager = new QHBoxLayout;
    pager->addWidget(m_previous);
    pager->addWidget(m_pager, 1, Qt::AlignCenter);
    pager->addWidget(m_next);

    m_details = new QTextBrowser(this);
    m_details->setOpenExternalLinks(true);
    m_details->setMaximumHeight(100);
    m_preview = new QPushButton(tr("Preview retention"), this);
    m_preview->setObjectName(QStringLiteral("retentionPreviewButton"));
    m_preview->setToolTip(
        tr("Find the tracks a retention run would delete now (imported more than "
           "GPS_TRACKS_RETENTION_YEARS ago) and show them in magenta; nothing is deleted."));
    m_retain = new QPushButton(tr("Delete them…"), this);
    m_retain->setObjectName(QStringLiteral("retainButton"));
    m_retain->setToolTip(tr("Delete the tracks the preview found, as tidemark-cli tracks retain does (in "
                            "batches, the space reclaimed, the R-tree checked)."));
    m_retain->setEnabled(false);
    m_retention = new QLabel(this);
    m_retention->setWordWrap(true);
    m_health = new QLabel(this);
    m_health->setWordWrap(true);
    m_health->setTextFormat(Qt::RichText);
    m_migrate = new QPushButton(tr("Copy to PostGIS…"), this);
    m_migrate->setToolTip(tr("Copy this file into a PostGIS store made by tidemark-cli tracks init --db, as "
                             "tidemark-cli tracks migrate does: streamed, resumable, verified (the file is "
                             "only read)."));
    m_migrateResult = new QLabel(this);
    m_migrateResult->setWordWrap(true);
    m_migrateResult->setTextFormat(Qt::RichText);
    auto* retention = new QHBoxLayout;
    retention->addWidget(m_preview);
    retention->addWidget(m_retain);
    retention->addWidget(m_retention, 1);

    m_importSource = new QComboBox(this);
    showSources();
    m_importActivity = new QLineEdit(this);
    m_importActivity->setObjectName(QStringLiteral("importActivity"));
    m_importActivity->setPlaceholderText(QLatin1String(TracksImportRequest::kDefaultActivity));
    m_importActivity->setMaxLength(TracksImportRequest::kMaxActivityLength);
    m_importActivity->setValidator(
        new QRegularExpressionValidator(TracksImportRequest::activityPattern(), m_importActivity));
    m_importActivity->setToolTip(tr("The activity of the tracks without a GPX <type> (tidemark-cli tracks "
                                    "import --activity)."));
    m_import = new QPushButton(tr("Import GPX…"), this);
    m_import->setToolTip(
        tr("Import GPX files from the chosen source: each file is one batch, a malformed file "
           "is refused whole and the others go on."));
    m_importProgress = new QProgressBar(this);
    m_importProgress->setRange(0, 1000);
    m_importProgress->setTextVisible(true);
    m_importProgress->setFormat(QString());
    m_importResult = new QLabel(this);
    m_importResult->setWordWrap(true);
    m_importResult->setTextFormat(Qt::RichText);
    auto* importRow = new QGridLayout;
    importRow->addWidget(new QLabel(tr("Source"), this), 0, 0);
    importRow->addWidget(m_importSource, 0, 1);
    importRow->addWidget(new QLabel(tr("Activity"), this), 0, 2);
    importRow->addWidget(m_importActivity, 0, 3);
    importRow->addWidget(m_import, 1, 0, 1, 2);
    importRow->addWidget(m_importProgress, 1, 2, 1, 2);
    importRow->setColumnStretch(3, 1);

    // The view's tracks in one tab, what changes the store (retention, the copy to PostGIS, imports) in the
    // next: on a laptop's screen the table keeps its rows.
    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->addWidget(filters);
    sideLayout->addWidget(m_table, 1);
    sideLayout->addLayout(pager);
    sideLayout->addWidget(m_details);
    m_storeTab = new QWidget(this);
    auto* storeLayout = new QVBoxLayout(m_storeTab);
    storeLayout->addLayout(retention);
    storeLayout->addWidget(m_health);
    auto* migrateRow = new QHBoxLayout;
    migrateRow->addWidget(m_migrate);
    migrateRow->addWidget(m_migrateResult, 1);
    storeLayout->addLayout(migrateRow);
    storeLayout->addLayout(importRow);
    storeLayout->addWidget(m_importResult);
    storeLayout->addStretch(1);
    // The map's zoom to fit, on the workbench too (its key works wherever the focus is in it); it fits what
    // the filters leave of the whole store, not only the lines loaded for the view.
    QAction* zoomToFit = m_map->zoomToFitAction();
    zoomToFit->setToolTip(tr("Fit the map to the tracks the activity and source filters leave (%1)")
                              .arg(zoomToFit->shortcut().toString(QKeySequence::NativeText)));
    addAction(zoomToFit);
    m_map->setZoomToFit([this] { this->zoomToFit(); });
    m_mapNote = new QLabel(this);
    m_mapNote->setWordWrap(true);
    auto* mapColumn = new QWidget(this);
    auto* mapLayout = new QVBoxLayout(mapColumn);
    mapLayout->setContentsMargins(0, 0, 0, 0);
    mapLayout->addWidget(m_mapNote);
    mapLayout->addWidget(m_map, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    split->addWidget(mapColumn);
    m_areas = new QTabWidget(this);
    m_areas->addTab(side, tr("Tracks"));
    m_areas->addTab(m_storeTab, tr("Retention && import"));
    m_capacity = new TracksCapacityPanel(m_dataset, this);
    m_areas->addTab(m_capacity, tr("Capacity"));
    split->addWidget(m_areas);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({900, 640});
    m_split = split;
    split->installEventFilter(this);
    connect(split, &QSplitter::splitterMoved, this, [this] { m_splitMoved = true; });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    // GPX files dropped anywhere on the workbench import from the chosen source; the activity field takes
    // no drop of its own (a file's URL is no activity).
    setAcceptDrops(true);
    m_importActivity->setAcceptDrops(false);

    connect(m_map, &MapView::viewChanged, this, [this] { m_viewSettle->start(); });
    m_map->installEventFilter(this);
    connect(m_viewSettle, &QTimer::timeout, this, &TracksWorkbench::viewChanged);
    connect(m_map, &MapView::clicked, this, [this](const QGeoCoordinate& coordinate) {
        const qint64 id = m_layer->lineAt(m_map->viewport(), m_map->positionOf(coordinate));
        if (id != 0)
            selectTrack(id);
    });
    connect(m_activities, &QListWidget::itemChanged, this, &TracksWorkbench::filtersChanged);
    connect(m_sources, &QListWidget::itemChanged, this, &TracksWorkbench::filtersChanged);
    connect(m_previous, &QPushButton::clicked, this, &TracksWorkbench::previousPage);
    connect(m_next, &QPushButton::clicked, this, &TracksWorkbench::nextPage);
    connect(m_preview, &QPushButton::clicked, this, &TracksWorkbench::previewRetention);
    connect(m_retain, &QPushButton::clicked, this, [this] {
        const auto answer = QMessageBox::question(
            this, tr("Delete old tracks"),
            tr("Delete %Ln track(s) imported more than %1 years ago from %2?", "",
               int(m_dataset->retentionIds().size()))
                .arg(m_dataset->retentionYears())
                .arg(m_dataset->location().isPostgis() ? m_dataset->location().displayName()
                                                       : m_dataset->path()));
        if (answer == QMessageBox::Yes)
            retain();
    });
    connect(m_dataset, &TracksDataset::retained, this, &TracksWorkbench::showRetained);
    connect(m_import, &QPushButton::clicked, this, [this] {
        const QStringList paths =
            QFileDialog::getOpenFileNames(this, tr("Import GPX files"), QString(), tr("GPX files (*.gpx)"));
        if (!paths.isEmpty())
            importFiles(paths);
    });
    connect(m_dataset, &TracksDataset::imported, this, &TracksWorkbench::showImport);
    connect(m_dataset, &TracksDataset::importProgressed, this, [this](const TaskProgress& progress) {
        if (progress.fraction() >= 0)
            m_importProgress->setValue(int(progress.fraction() * m_importProgress->maximum()));
        m_importProgress->setFormat(progress.describe());
    });
    connect(m_dataset, &TracksDataset::settingsChanged, this, &TracksWorkbench::showSources);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid())
                    selectTrack(current.data(TracksTableModel::IdRole).toLongLong());
            });
    connect(m_dataset, &TracksDataset::pathChanged, this, [this](const QString& path) {
        m_fitted = false;
        m_fitToWidth = true;
        m_extent = QGeoRectangle();
        m_activities->clear();
        m_sources->clear();
        const TracksLocation& location = m_dataset->location();
        m_migrate->setEnabled(!path.isEmpty() && !location.isPostgis());
        // A connection string may hold a password: a database is shown by its name and server only.
        m_summary->setText(path.isEmpty()
                               ? tr("No tracks file is open.")
                               : tr("Opening %1…").arg(location.isPostgis() ? location.displayName() : path));
    });
    connect(m_dataset, &DatasetBase::cleared, this, &TracksWorkbench::clearShown);
    connect(m_dataset, &TracksDataset::fileFactsLoaded, this, &TracksWorkbench::showFileFacts);
    connect(m_dataset, &TracksDataset::loaded, this, &TracksWorkbench::showData);
    connect(m_dataset, &TracksDataset::mapLoaded, this, [this] {
        m_layer->setTracks(m_dataset->data().map.geometry);
        m_layer->setDensity(m_dataset->data().map.density);
    });
    connect(m_dataset, &TracksDataset::previewed, this, &TracksWorkbench::showRetention);
    connect(m_dataset, &TracksDataset::healthLoaded, this, &TracksWorkbench::showHealth);
    connect(m_dataset, &TracksDataset::migrated, this, &TracksWorkbench::showMigrated);
    connect(m_migrate, &QPushButton::clicked, this, [this] {
        bool ok = false;
        const QString conninfo = QInputDialog::getText(
            this, tr("Copy to PostGIS"),
            tr("The PostGIS store (libpq connection string or service=NAME; passwords from ~/.pgpass):"),
            QLineEdit::Normal, QString(), &ok);
        if (ok && !conninfo.trimmed().isEmpty())
            migrateTo(conninfo);
    });
    const auto showFailure = [this](const Error& error) {
        m_import->setEnabled(!m_dataset->isImporting());
        m_summary->setText(errorHtml(error.message()));
        emit failed(error);
    };
    for (const auto signal :
         {&TracksDataset::loadFailed, &TracksDataset::previewFailed, &TracksDataset::healthFailed,
          &TracksDataset::importFailed, &TracksDataset::retainFailed, &TracksDataset::migrateFailed})
        connect(m_dataset, signal, this, showFailure);
    showDetails();
}

// The dataset's models were emptied (another store, none, or a failed load): nothing read from the last
// one stays on the map or beside it.
void TracksWorkbench::clearShown() {
    m_layer->setTracks({});
    m_layer->setDensity({});
    m_layer->setHighlighted({});
    m_layer->setSelected(0);
    m_mapNote->clear();
    m_retention->clear();
    m_retain->setEnabled(false);
    m_health->clear();
    m_migrateResult->clear();
    m_pager->clear();
    m_previous->setEnabled(false);
    m_next->setEnabled(false);
    showDetails();
}

QStringList TracksWorkbench::checkedItems(const QListWidget* list) {
    QStringList checked;
    bool all = true;
    for (int i = 0; i < list->count(); ++i) {
        const QListWidgetItem* item = list->item(i);
        if (item->checkState() == Qt::Checked)
            checked.append(item->data(Qt::UserRole).toString());
        else
            all = false;
    }
    return all ? QStringList() : checked;
}

void TracksWorkbench::fillFilter(QListWidget* list, const QMap<QString, qint64>& counts) {
    QSet<QString> unchecked;
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->checkState() != Qt::Checked)
            unchecked.insert(list->item(i)->data(Qt::UserRole).toString());
    const QSignalBlocker block(list);
    list->clear();
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        auto* item = new QListWidgetItem(QStringLiteral("%1 (%2)").arg(it.key(), display::count(it.value())));
        item->setData(Qt::UserRole, it.key());
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(unchecked.contains(it.key()) ? Qt::Unchecked : Qt::Checked);
        if (list == m_activities)
            item->setForeground(TracksLayer::colourOf(it.key()));
        list->addItem(item);
    }
    fitToEntries(list);
}

// Checks the imported tracks' activity and source where the filters had them unchecked (an activity or a
// source new to the store comes checked anyway); false when nothing had to change.
bool TracksWorkbench::checkImported(const QString& activity, const QString& source) {
    bool changed = false;
    for (const auto& [list, key] : {std::pair{m_activities, activity}, std::pair{m_sources, source}})
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->data(Qt::UserRole).toString() == key &&
                list->item(i)->checkState() != Qt::Checked) {
                list->item(i)->setCheckState(Qt::Checked); // filtersChanged() follows
                changed = true;
            }
    return changed;
}

void TracksWorkbench::setActivityChecked(const QString& activity, bool checked) {
    for (int i = 0; i < m_activities->count(); ++i)
        if (m_activities->item(i)->data(Qt::UserRole).toString() == activity)
            m_activities->item(i)->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

void TracksWorkbench::filtersChanged() {
    m_dataset->setFilters(checkedItems(m_activities), checkedItems(m_sources));
}

void TracksWorkbench::viewChanged() {
    if (!m_dataset->isOpen() || !m_fitted)
        return;
    const QGeoRectangle area = m_map->viewport().visibleArea();
    m_dataset->setBox({area.topLeft().longitude(), area.bottomRight().latitude(),
                       area.bottomRight().longitude(), area.topLeft().latitude()},
                      int(std::floor(m_map->zoom())));
}

// A map in a tab that is not shown yet has no size to fit to: the fit waits for the map's first show.
void TracksWorkbench::fitToFileWhenShown() {
    if (m_fitted || !m_extent.isValid() || !m_map->isVisible())
        return;
    m_fitted = true;
    m_map->fitTo(m_extent);
    m_viewSettle->start();
}

void TracksWorkbench::fitWhenShown(const TrackBox& box) {
    m_extent = QGeoRectangle(QGeoCoordinate(box.maxLat, box.minLon), QGeoCoordinate(box.minLat, box.maxLon));
    m_fitted = false;
    fitToFileWhenShown();
}

void TracksWorkbench::zoomToFit() {
    const TracksView& view = m_dataset->view();
    if (const std::optional<TrackBox> box = m_dataset->fileFacts().extentOf(view.activities, view.sources))
        fitWhenShown(*box);
}

bool TracksWorkbench::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_map && event->type() == QEvent::Show)
        fitToFileWhenShown();
    if (watched == m_split && event->type() == QEvent::Resize)
        fitTableWidth();
    return QWidget::eventFilter(watched, event);
}

// The filters keep what the operator unchecked; an activity or source new to the file (an import) comes in
// checked, and when that widens the filter the view asks again.
void TracksWorkbench::showFileFacts() {
    const TracksFileFacts& facts = m_dataset->fileFacts();
    const QStringList activities = checkedItems(m_activities), sources = checkedItems(m_sources);
    fillFilter(m_activities, facts.activities);
    fillFilter(m_sources, facts.sources);
    if (checkedItems(m_activities) != activities || checkedItems(m_sources) != sources)
        filtersChanged();
    if (!m_fitted && !m_extent.isValid() && facts.extent.tracks > 0) {
        // The first load asked for the whole file: show its extent; the view then asks for what is in it.
        m_extent = QGeoRectangle(QGeoCoordinate(facts.extent.maxLat, facts.extent.minLon),
                                 QGeoCoordinate(facts.extent.minLat, facts.extent.maxLon));
        fitToFileWhenShown();
    }
}

void TracksWorkbench::showData() {
    const TracksViewData& data = m_dataset->data();
    m_layer->setTracks(data.map.geometry);
    m_layer->setDensity(data.map.density);
    QString text = tr("%1: %Ln track(s) in the store", "", int(m_dataset->fileFacts().extent.tracks))
                       .arg(m_dataset->location().displayName()) +
                   tr(", %Ln in view", "", int(data.page.matching));
    m_summary->setText(text.toHtmlEscaped());
    const QString limit = display::count(TracksViewData::kMaxLinesOnMap);
    if (!data.map.density)
        m_mapNote->setText(tr("Lines of the filtered tracks in view."));
    else if (data.map.densityOfEverySource)
        m_mapNote->setText(
            tr("Density of the checked activities from every source: the source filter applies "
               "to lines, drawn where a view holds up to %1 of these tracks.")
                .arg(limit));
    else
        m_mapNote->setText(
            tr("Density of the filtered tracks: lines where a view holds up to %1 of them.").arg(limit));
    m_pager->setText(tr("Page %1 of %2 · %Ln track(s)", "", int(data.page.matching))
                         .arg(m_dataset->page() + 1)
                         .arg(m_dataset->pageCount()));
    m_previous->setEnabled(m_dataset->page() > 0);
    m_next->setEnabled(m_dataset->page() + 1 < m_dataset->pageCount());
    m_table->horizontalHeader()->setSortIndicator(TracksTableModel::columnOf(data.view.order),
                                                  data.view.descending ? Qt::DescendingOrder
                                                                       : Qt::AscendingOrder);
    const int row = m_dataset->table()->rowOfTrack(m_layer->selected());
    if (row >= 0)
        m_table->selectRow(row);
    showDetails();
    fitTableWidth();
    m_fitToWidth = false;
    emit loaded();
}

// The table's columns read whole where the window is wide enough: the areas take the width the table needs,
// up to three fifths of the workbench (the map keeps the rest), until the operator moves the handle.
void TracksWorkbench::fitTableWidth() {
    if (m_splitMoved || m_split->width() <= 0)
        return;
    const int around = m_areas->width() - m_table->viewport()->width(); // frames, margins, the scroll bar
    const int needed = m_table->horizontalHeader()->length() + std::max(around, 0) +
                       m_table->verticalScrollBar()->sizeHint().width();
    const int total = m_split->width() - m_split->handleWidth();
    const int areas = std::clamp(needed, m_areas->minimumSizeHint().width(), total * 3 / 5);
    if (areas <= m_split->sizes().value(1))
        return;
    m_split->setSizes({total - areas, areas});
    if (m_fitToWidth) { // the store's first view: the narrower map still shows what it was fitted to
        m_fitToWidth = false;
        m_fitted = false;
        fitToFileWhenShown();
    }
}

void TracksWorkbench::nextPage() {
    m_dataset->setPage(m_dataset->page() + 1);
}

void TracksWorkbench::previousPage() {
    m_dataset->setPage(m_dataset->page() - 1);
}

void TracksWorkbench::selectTrack(qint64 id) {
    m_layer->setSelected(id);
    const int row = m_dataset->table()->rowOfTrack(id);
    if (row >= 0 && m_table->currentIndex().row() != row)
        m_table->selectRow(row);
    showDetails();
}

qint64 TracksWorkbench::selectedTrack() const {
    return m_layer->selected();
}

void TracksWorkbench::showDetails() {
    const qint64 id = m_layer->selected();
    const int row = m_dataset->table()->rowOfTrack(id);
    if (id == 0) {
        m_details->setHtml(
            tr("<p style='color:#555'>Select a track in the table or click one on the map.</p>"));
        return;
    }
    if (row < 0) {
        m_details->setHtml(tr("<p>Track %1 (not on this page of the table).</p>").arg(id));
        return;
    }
    const TrackRow& t = m_dataset->table()->tracks()[std::size_t(row)];
    QString sources;
    for (int i = 0; i < t.sources.size(); ++i)
        sources += QStringLiteral("<li>%1: <a href=\"%2\">%3</a></li>")
                       .arg(t.sources.at(i).toHtmlEscaped(), t.externalUrls.value(i).toHtmlEscaped(),
                            t.externalUrls.value(i).toHtmlEscaped());
    m_details->setHtml(
        QStringLiteral("<p><b>%1</b> · %2 · %3</p><p>%4</p><p>%5</p><ul>%6</ul>")
            .arg(
                t.name.toHtmlEscaped(), t.activity.toHtmlEscaped(), tr("track %1").arg(t.id),
                tr("%1 points, %2 km; ridden %3; imported %4")
                    .arg(display::count(t.pointsCount), display::number(t.lengthMetres / 1000.0, 1),
                         t.startedAt.isEmpty() ? tr("(no times)") : instantText(t.startedAt),
                         instantText(t.createdAt)),
                tr("Box %1").arg(display::box(t.bbox.minLat, t.bbox.minLon, t.bbox.maxLat, t.bbox.maxLon, 5)),
                sources));
}

QString TracksWorkbench::importText() const {
    return m_importResult->text();
}

QString TracksWorkbench::summaryText() const {
    return m_summary->text();
}

QString TracksWorkbench::mapNoteText() const {
    return m_mapNote->text();
}

QString TracksWorkbench::pagerText() const {
    return m_pager->text();
}

QString TracksWorkbench::retentionText() const {
    return m_retention->text();
}

QString TracksWorkbench::healthText() const {
    return m_health->text();
}

QString TracksWorkbench::title() const {
    return tr("Tracks");
}

std::vector<QAbstractButton*> TracksWorkbench::commandButtons(WorkbenchCommand command) const {
    switch (command) {
    case WorkbenchCommand::Preview:
        return {m_preview};
    case WorkbenchCommand::Run:
        return {m_retain};
    default:
        return {};
    }
}

} // namespace tidemark::ui
