#include "positionsworkbench.h"

#include "displayformat.h"

#include "maplayermodel.h"
#include "mapview.h"
#include "markerlayer.h"
#include "mowersummarymodel.h"
#include "positionscapacitypanel.h"
#include "positionsdataset.h"
#include "previewlayers.h"
#include "previewpanel.h"
#include "rasterlayer.h"
#include "roundhistorymodel.h"
#include "roundpanel.h"
#include "tracklayer.h"
#include "verifypanel.h"

#include <QDateTimeEdit>
#include <QEvent>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <cmath>

namespace tidemark::ui {

using namespace tidemark::positions;

namespace {

constexpr double kAreasShare = 0.3; // of the map column's height, until the operator moves the handle

QDateTime utcOf(Micros t) {
    return QDateTime::fromMSecsSinceEpoch(t / 1000, Qt::UTC);
}
Micros microsOf(const QDateTime& t) {
    return t.toMSecsSinceEpoch() * 1000;
}

QString legendHtml(const QModelIndex& index) {
    if (!index.isValid())
        return {};
    QString html = QStringLiteral("<b>%1</b>: %2")
                       .arg(index.data(Qt::DisplayRole).toString().toHtmlEscaped(),
                            index.data(MapLayerModel::ExplanationRole).toString().toHtmlEscaped());
    const QStringList labels = index.data(MapLayerModel::LegendLabelsRole).toStringList();
    const QVariantList colours = index.data(MapLayerModel::LegendColoursRole).toList();
    QStringList entries;
    for (int i = 0; i < labels.size() && i < colours.size(); ++i)
        entries << QStringLiteral("<span style='color:%1'>■</span>&nbsp;%2")
                       .arg(colours[i].value<QColor>().name(), labels[i].toHtmlEscaped());
    if (!entries.isEmpty())
        html += QStringLiteral("<br>") + entries.join(QStringLiteral(" &nbsp; "));
    return html;
}

} // namespace

PositionsWorkbench::PositionsWorkbench(PositionsDataset* dataset, QWidget* parent)
    : QWidget(parent), m_dataset(dataset) {
    m_settingsBanner = new QLabel(this);
    m_settingsBanner->setWordWrap(true);
    m_settingsBanner->setStyleSheet(
        QStringLiteral("background: #fde7e9; color: #8a1020; padding: 6px; border: 1px solid #e8a0a8"));
    m_settingsBanner->hide();

    m_mowerTable = new QTableView(this);
    m_mowerTable->setModel(mowers());
    m_mowerTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_mowerTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_mowerTable->verticalHeader()->hide();
    m_mowerTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_mowerTable->setAlternatingRowColors(true);
    for (int c : {int(MowerSummaryModel::NewestColumn), int(MowerSummaryModel::SlicesColumn)})
        m_mowerTable->hideColumn(c);

    m_from = new QDateTimeEdit(this);
    m_to = new QDateTimeEdit(this);
    for (QDateTimeEdit* e : {m_from, m_to}) {
        e->setTimeSpec(Qt::UTC);
        e->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
        e->setCalendarPopup(true);
    }
    auto* lastWeek = new QPushButton(tr("Last 7 days"), this);
    lastWeek->setToolTip(tr("The last 7 days of the mower's data."));
    auto* olderWeek = new QPushButton(tr("Week before the detail window"), this);
    olderWeek->setToolTip(tr("The week just older than the detail window: what the next rounds thin."));
    m_rangeNote = new QLabel(this);
    m_rangeNote->setWordWrap(true);
    m_rangeNote->setStyleSheet(QStringLiteral("color: #505060"));

    m_map = new MapView(this);
    m_map->setMinimumSize(420, 240);
    addAction(m_map->zoomToFitAction()); // Ctrl+0 wherever the focus is in the workbench
    m_previewLayers = std::make_unique<PreviewLayers>(m_map->layers());
    m_layerList = new QListView(this);
    m_layerList->setModel(m_map->layers());
    m_layerList->setDragDropMode(QAbstractItemView::InternalMove);
    m_layerList->setDefaultDropAction(Qt::MoveAction);
    m_layerList->setUniformItemSizes(true);
    m_layerList->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_layerExplanation = new QLabel(this);
    m_layerExplanation->setWordWrap(true);
    m_layerExplanation->setTextFormat(Qt::RichText);
    m_layerExplanation->setMinimumHeight(56);
    m_layerExplanation->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    m_previewPanel = new PreviewPanel(this);
    m_roundPanel = new RoundPanel(history(), this);
    m_verifyPanel = new VerifyPanel(this);
    m_areas = new QTabWidget(this);
    m_areas->addTab(m_previewPanel, tr("Preview"));
    m_areas->addTab(m_roundPanel, tr("Rounds"));
    m_areas->addTab(m_verifyPanel, tr("Verify"));
    m_capacityPanel = new PositionsCapacityPanel(m_dataset, this);
    m_areas->addTab(m_capacityPanel, tr("Capacity"));

    auto* rangeBox = new QGroupBox(tr("Range"), this);
    auto* rangeLayout = new QGridLayout(rangeBox);
    rangeLayout->addWidget(new QLabel(tr("From"), rangeBox), 0, 0);
    rangeLayout->addWidget(m_from, 0, 1);
    rangeLayout->addWidget(new QLabel(tr("To"), rangeBox), 1, 0);
    rangeLayout->addWidget(m_to, 1, 1);
    auto* rangeButtons = new QHBoxLayout;
    rangeButtons->addWidget(lastWeek);
    rangeButtons->addWidget(olderWeek);
    rangeLayout->addLayout(rangeButtons, 2, 0, 1, 2);
    rangeLayout->addWidget(m_rangeNote, 3, 0, 1, 2);
    auto* layersPage = new QWidget(this);
    auto* layersLayout = new QVBoxLayout(layersPage);
    layersLayout->addWidget(new QLabel(tr("Check to show, drag to reorder."), layersPage));
    layersLayout->addWidget(m_layerList);
    layersLayout->addWidget(m_layerExplanation);
    layersLayout->addStretch(1);

    // The mowers and the layers share the side's height as tabs: on a laptop's screen the list still shows
    // ten mowers or more.
    auto* sideTabs = new QTabWidget(this);
    sideTabs->addTab(m_mowerTable, tr("Mowers"));
    sideTabs->addTab(layersPage, tr("Layers"));
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(rangeBox);
    leftLayout->addWidget(sideTabs, 1);
    auto* right = new QSplitter(Qt::Vertical, this);
    right->setChildrenCollapsible(false);
    right->addWidget(m_map);
    right->addWidget(m_areas);
    // The map is the workbench's largest area: the areas below keep a share of the height (their pages
    // scroll, their buttons stay in view) until the operator moves the handle.
    m_mapSplit = right;
    right->installEventFilter(this);
    connect(right, &QSplitter::splitterMoved, this, [this] { m_splitMoved = true; });
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({330, 2000}); // the map takes what the mower list does not need
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_settingsBanner);
    layout->addWidget(split, 1);

    connect(m_mowerTable, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        if (index.column() == MowerSummaryModel::RowsColumn)
            countRowsExactly(index.row());
    });
    connect(m_mowerTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { mowerRowChanged(current.row()); });
    connect(lastWeek, &QPushButton::clicked, this, [this] {
        m_rangeChosen = true;
        setRangeLastWeek();
        preview();
    });
    connect(olderWeek, &QPushButton::clicked, this, [this] {
        m_rangeChosen = true;
        setRangeBeforeDetailWindow();
        preview();
    });
    for (QDateTimeEdit* e : {m_from, m_to})
        connect(e, &QDateTimeEdit::editingFinished, this, [this] { m_rangeChosen = true; });
    connect(m_dataset, &PositionsDataset::loaded, this, &PositionsWorkbench::showMowers);
    connect(m_dataset, &DatasetBase::cleared, this, &PositionsWorkbench::clearShown);
    connect(m_dataset, &PositionsDataset::loadFailed, this, [this](const Error& error) {
        m_previewPanel->showError(error.message());
        emit failed(error);
    });
    connect(m_dataset, &PositionsDataset::exactRowsFailed, this, &PositionsWorkbench::failed);
    connect(m_dataset, &PositionsDataset::historyLoaded, this, [this] { m_roundPanel->historyChanged(); });
    connect(m_dataset, &PositionsDataset::historyFailed, this,
            [this](const Error& error) { m_roundPanel->showError(error.message()); });
    connect(m_dataset, &PositionsDataset::settingsChanged, this, &PositionsWorkbench::settingsChanged);
    connectPreview();
    connectRound();
    connectVerify();
    connect(m_layerList->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { m_layerExplanation->setText(legendHtml(current)); });
    connect(m_map, &MapView::clicked, this, &PositionsWorkbench::pickAt);
    // A layer just switched on becomes the current one, so its legend shows below the list.
    for (int row = 0; row < m_map->layers()->rowCount(); ++row) {
        MapLayer* layer = m_map->layers()->layerAt(row);
        connect(layer, &MapLayer::visibilityChanged, this, [this, layer](bool visible) {
            if (visible)
                // Every layer in view and no more: the mower list takes the rest of the height.
                m_layerList->setFixedHeight(m_map->layers()->rowCount() * m_layerList->sizeHintForRow(0) +
                                            2 * m_layerList->frameWidth() + 2);
            m_layerList->setCurrentIndex(m_map->layers()->index(m_map->layers()->rowOf(layer)));
        });
    }
    connect(m_previewPanel, &PreviewPanel::previewRequested, this, &PositionsWorkbench::preview);
    connect(m_previewPanel, &PreviewPanel::cancelRequested, this, &PositionsWorkbench::cancelPreview);
    connect(m_roundPanel, &RoundPanel::runRequested, this, &PositionsWorkbench::runRound);
    connect(m_roundPanel, &RoundPanel::pauseRequested, this, &PositionsWorkbench::pauseRound);
    connect(m_roundPanel, &RoundPanel::resumeRequested, this, &PositionsWorkbench::resumeRound);
    connect(m_roundPanel, &RoundPanel::cancelRequested, this, &PositionsWorkbench::cancelRound);
    connect(m_verifyPanel, &VerifyPanel::verifyRequested, this, [this] { verify(); });
    m_layerList->setCurrentIndex(
        m_map->layers()->index(m_map->layers()->rowOf(m_previewLayers->survivors())));
    settingsChanged();
    // Before any connection the range shows what the first preview will use.
    setRangeBeforeDetailWindow();
}

PositionsWorkbench::~PositionsWorkbench() = default;

bool PositionsWorkbench::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_mapSplit && event->type() == QEvent::Resize && !m_splitMoved) {
        const int height = m_mapSplit->height() - m_mapSplit->handleWidth();
        const int areas =
            std::max(m_areas->minimumSizeHint().height(), int(std::lround(height * kAreasShare)));
        m_mapSplit->setSizes({height - areas, areas});
    }
    return QWidget::eventFilter(watched, event);
}

// The dataset's models were emptied (another database, none, or a failed load): the map, the preview, the
// verification and the mower go with them.
void PositionsWorkbench::clearShown() {
    m_previewLayers->show(PreviewLayerData{});
    m_previewPanel->clear();
    m_verifyPanel->clear();
    m_roundPanel->clear();
    m_mower = {};
}

MowerSummaryModel* PositionsWorkbench::mowers() const {
    return m_dataset->mowers();
}

RoundHistoryModel* PositionsWorkbench::history() const {
    return m_dataset->history();
}

Micros PositionsWorkbench::now() const {
    return m_dataset->now();
}

void PositionsWorkbench::settingsChanged() {
    const QString error = m_dataset->settingsError();
    m_settingsBanner->setText(
        error.isEmpty() ? QString()
                        : tr("The positions settings are not valid, so rounds are refused until they are "
                             "fixed (previews use the defaults): %1")
                              .arg(error));
    m_settingsBanner->setVisible(!error.isEmpty());
    m_roundPanel->setSettings(m_dataset->settings());
    m_roundPanel->setRefusal(error);
}

MapLayerModel* PositionsWorkbench::layers() const {
    return m_map->layers();
}

void PositionsWorkbench::setSettings(const PositionSettings& settings) {
    m_dataset->setSettings(settings);
}

void PositionsWorkbench::setClock(std::function<Micros()> clock) {
    m_dataset->setClock(std::move(clock));
    if (!m_rangeChosen)
        setRangeBeforeDetailWindow();
}

void PositionsWorkbench::setConnection(const QString& positionsConninfo) {
    m_dataset->setConnection(positionsConninfo);
}

void PositionsWorkbench::fitMowerList() {
    // The list keeps every column in view; the map takes the rest of the width.
    m_mowerTable->resizeColumnsToContents();
    m_mowerTable->setMinimumWidth(m_mowerTable->horizontalHeader()->length() +
                                  2 * m_mowerTable->frameWidth() +
                                  m_mowerTable->verticalScrollBar()->sizeHint().width());
}

// The dataset's summary was (re)loaded: keep the selected mower (a round moved its watermark) or select the
// requested or the first one, which previews it.
void PositionsWorkbench::showMowers() {
    fitMowerList();
    emit mowersLoaded(mowers()->rowCount());
    const QUuid keep = m_mower;
    QString wanted = !m_requestedMower.isEmpty() ? m_requestedMower : keep.toString(QUuid::WithoutBraces);
    if (mowers()->rowOf(QUuid::fromString(wanted)) < 0 && mowers()->rowCount() > 0)
        wanted = mowers()->mowers().front().mowerId.toString(QUuid::WithoutBraces);
    m_requestedMower.clear();
    if (wanted.isEmpty())
        return;
    if (QUuid::fromString(wanted) != keep) {
        selectMower(wanted);
        return;
    }
    QSignalBlocker quiet(m_mowerTable->selectionModel());
    m_mowerTable->selectRow(mowers()->rowOf(keep));
    m_mowerTable->viewport()->update();
}

bool PositionsWorkbench::selectMower(const QString& mowerId) {
    const int row = mowers()->rowOf(QUuid::fromString(mowerId));
    if (row < 0) {
        m_requestedMower = mowerId;
        return false;
    }
    if (m_mowerTable->currentIndex().row() == row && m_mower == QUuid::fromString(mowerId))
        return true;
    m_mowerTable->selectRow(row); // currentRowChanged → mowerRowChanged
    if (m_mower != QUuid::fromString(mowerId))
        mowerRowChanged(row);
    return true;
}

void PositionsWorkbench::showPlannedRange(const QString& mowerId, Micros from, Micros to) {
    m_rangeChosen = true;
    setRange(from, to);
    if (selectMower(mowerId) && m_mower == QUuid::fromString(mowerId))
        preview(); // the mower was already shown: preview the new range
}

void PositionsWorkbench::mowerRowChanged(int row) {
    if (row < 0 || row >= mowers()->rowCount())
        return;
    m_mower = mowers()->mowers()[std::size_t(row)].mowerId;
    // The first picture is the range a round would thin first; a range the operator chose stays.
    if (!m_rangeChosen)
        setRangeBeforeDetailWindow();
    preview();
}

void PositionsWorkbench::setRange(Micros from, Micros to) {
    m_from->setDateTime(utcOf(from));
    m_to->setDateTime(utcOf(to));
    const Micros cutoff = m_dataset->settings().thinningCutoff(now());
    m_rangeNote->setText(
        to <= cutoff ? tr("The whole range is older than the detail window (cutoff %1): a round thins it.")
                           .arg(display::instant(cutoff))
        : from >= cutoff
            ? tr("The whole range is inside the detail window (cutoff %1): a round leaves it alone.")
                  .arg(display::instant(cutoff))
            : tr("The range straddles the cutoff %1: only its older part is thinned.")
                  .arg(display::instant(cutoff)));
}

void PositionsWorkbench::setRangeLastWeek() {
    const int row = mowers()->rowOf(m_mower);
    const Micros end = row >= 0 ? floorToStep(mowers()->mowers()[std::size_t(row)].newest, kMicrosPerMinute) +
                                      kMicrosPerMinute
                                : floorToStep(now(), kMicrosPerMinute);
    setRange(end - 7 * kMicrosPerDay, end);
}

void PositionsWorkbench::setRangeBeforeDetailWindow() {
    const Micros cutoff = m_dataset->settings().thinningCutoff(now());
    setRange(cutoff - 7 * kMicrosPerDay, cutoff);
}

Micros PositionsWorkbench::rangeFrom() const {
    return microsOf(m_from->dateTime());
}
Micros PositionsWorkbench::rangeTo() const {
    return microsOf(m_to->dateTime());
}

void PositionsWorkbench::cancelPreview() {
    m_dataset->cancelPreview();
}

void PositionsWorkbench::preview() {
    if (!m_dataset->isConnected() || m_mower.isNull())
        return;
    m_areas->setCurrentWidget(m_previewPanel);
    m_dataset->startPreview(m_mower, rangeFrom(), rangeTo());
}

void PositionsWorkbench::connectPreview() {
    // The layers' data is made on the preview's thread: the GUI thread only swaps it in.
    m_dataset->setPreviewPresentation(
        [](const PreviewResult& result) { return QVariant::fromValue(PreviewLayerData::build(result)); });
    connect(m_dataset, &PositionsDataset::previewStarted, this, [this] { m_previewPanel->setRunning(true); });
    connect(m_dataset, &PositionsDataset::previewProgressed, m_previewPanel, &PreviewPanel::setProgress);
    connect(m_dataset, &PositionsDataset::previewFinished, this,
            [this](std::shared_ptr<const PreviewResult> result, const QVariant& layers) {
                m_previewPanel->setRunning(false);
                showPreview(std::move(result), layers.value<PreviewLayerData>());
            });
    connect(m_dataset, &PositionsDataset::previewCancelled, this, [this] {
        m_previewPanel->setRunning(false);
        m_previewPanel->setProgress(0, tr("cancelled"));
    });
    connect(m_dataset, &PositionsDataset::previewFailed, this, [this](const Error& error) {
        m_previewPanel->setRunning(false);
        m_previewPanel->showError(error.message());
        emit previewFailed(error);
    });
}

void PositionsWorkbench::showPreview(std::shared_ptr<const PreviewResult> result,
                                     const PreviewLayerData& layers) {
    m_preview = std::move(result);
    m_picked = -1;
    m_previewLayers->show(layers);
    m_previewPanel->showResult(*m_preview);
    m_verifyPanel->setAvailable(true);
    m_map->fitToLayers();
    m_layerExplanation->setText(legendHtml(m_layerList->currentIndex()));
    emit mowerPreviewLoaded(m_preview->mowerId.toString(QUuid::WithoutBraces));
}

void PositionsWorkbench::pickAt(const QGeoCoordinate& coordinate) {
    if (!m_preview || m_preview->rows.empty())
        return;
    const QPointF click = m_map->positionOf(coordinate);
    double best = 10.0 * 10.0; // pixels², the pick tolerance
    long found = -1;
    for (std::size_t i = 0; i < m_preview->rows.size(); ++i) {
        const PositionRow& r = m_preview->rows[i];
        const QPointF p = m_map->positionOf(QGeoCoordinate(r.lat, r.lon));
        const double d =
            (p.x() - click.x()) * (p.x() - click.x()) + (p.y() - click.y()) * (p.y() - click.y());
        if (d < best) {
            best = d;
            found = long(i);
        }
    }
    m_picked = found;
    m_previewPanel->showRow(*m_preview, found);
    if (found >= 0) {
        const PositionRow& r = m_preview->rows[std::size_t(found)];
        m_previewLayers->mark(QGeoCoordinate(r.lat, r.lon));
    }
    m_areas->setCurrentWidget(m_previewPanel);
}

void PositionsWorkbench::runRound(bool dryRun) {
    RoundRequest options;
    options.dryRun = dryRun;
    options.budgetSeconds = m_roundPanel->budgetSeconds();
    options.ignoreWindow = m_roundPanel->ignoreWindow();
    options.jobs = m_roundPanel->jobs();
    if (!dryRun && m_dataset->plan()) {
        if (!confirmPlan())
            return;
        options.plan = *m_dataset->plan();
    }
    m_dataset->startRound(options);
}

// Run after a dry run (or an opened plan) applies exactly that plan: the operator confirms its counts.
bool PositionsWorkbench::confirmPlan() {
    const PositionsPlanCounts counts = planCounts(*m_dataset->plan());
    QString text =
        tr("Apply %1: thin %Ln slice(s) of %2 mower(s), delete %3 row(s)", "", int(counts.slices))
            .arg(m_dataset->planSource(), display::count(counts.mowers), display::count(counts.rowsDeleted));
    if (counts.ageRows > 0)
        text += tr(", and %1 row(s) older than the retention").arg(display::count(counts.ageRows));
    text +=
        tr(".\n\nOnly these are done: a slice written since the plan is skipped and named, and nothing that "
           "became due since is touched.");
    QMessageBox box(QMessageBox::Question, tr("Apply the plan"), text, QMessageBox::Yes | QMessageBox::Cancel,
                    this);
    box.setObjectName(QStringLiteral("applyPlanConfirmation"));
    box.button(QMessageBox::Yes)->setText(tr("Apply"));
    return box.exec() == QMessageBox::Yes;
}

void PositionsWorkbench::connectRound() {
    connect(m_dataset, &PositionsDataset::roundStarted, this, [this] {
        m_roundPanel->setState(RoundPanel::State::Running);
        m_areas->setCurrentWidget(m_roundPanel);
    });
    connect(m_dataset, &PositionsDataset::roundProgressed, this, [this](const RoundProgress& round) {
        m_roundPanel->showProgress(round);
        emit roundProgressed(round.slicesDone, round.slicesTotal);
    });
    connect(m_dataset, &PositionsDataset::roundPausedChanged, this, [this](bool paused) {
        m_roundPanel->setState(paused ? RoundPanel::State::Paused : RoundPanel::State::Running);
    });
    connect(m_dataset, &PositionsDataset::planChanged, this, [this] {
        const std::optional<PositionsPlanUnits>& plan = m_dataset->plan();
        if (!plan) {
            m_roundPanel->setPlanNote({});
            return;
        }
        const PositionsPlanCounts counts = planCounts(*plan);
        m_roundPanel->setPlanNote(
            tr("Run applies %1: %Ln slice(s) of %2 mower(s), %3 row(s) to delete", "", int(counts.slices))
                .arg(m_dataset->planSource(), display::count(counts.mowers),
                     display::count(counts.rowsDeleted + counts.ageRows)));
    });
    connect(m_dataset, &PositionsDataset::roundFinished, this, [this](const RoundReport& report) {
        m_roundPanel->setState(RoundPanel::State::Idle);
        m_roundPanel->showReport(report);
        emit roundFinished(!report.cancelled);
    });
    connect(m_dataset, &PositionsDataset::roundFailed, this, [this](const Error& error) {
        const bool started = m_roundPanel->state() != RoundPanel::State::Idle;
        m_roundPanel->setState(RoundPanel::State::Idle);
        m_roundPanel->showError(error.kind() == Error::Kind::Cancelled ? tr("Cancelled.") : error.message());
        if (started)
            emit roundFinished(false);
    });
}

void PositionsWorkbench::countRowsExactly(int row) {
    if (row < 0 || row >= mowers()->rowCount())
        return;
    m_dataset->countRowsExactly(mowers()->mowers()[std::size_t(row)].mowerId);
}

void PositionsWorkbench::pauseRound() {
    m_dataset->pauseRound();
}

void PositionsWorkbench::resumeRound() {
    m_dataset->resumeRound();
}

void PositionsWorkbench::cancelRound() {
    m_dataset->cancelRound();
}

void PositionsWorkbench::verify(bool showArea) {
    if (!m_dataset->lastPreview() || !m_dataset->isConnected() || m_dataset->verifyTask())
        return;
    if (showArea)
        m_areas->setCurrentWidget(m_verifyPanel);
    m_dataset->startVerify();
}

void PositionsWorkbench::connectVerify() {
    connect(m_dataset, &PositionsDataset::verifyStarted, this, [this] { m_verifyPanel->setRunning(true); });
    connect(m_dataset, &PositionsDataset::verifyFinished, this, [this](const RangeVerification& v) {
        m_verifyPanel->setRunning(false);
        m_verifyPanel->showVerification(v);
        emit verifyFinished(v.equal());
    });
    connect(m_dataset, &PositionsDataset::verifyFailed, this, [this](const Error& error) {
        m_verifyPanel->setRunning(false);
        m_verifyPanel->showError(error.message());
        emit verifyFinished(false);
    });
}

QString PositionsWorkbench::title() const {
    return tr("Positions");
}

std::vector<QAbstractButton*> PositionsWorkbench::commandButtons(WorkbenchCommand command) const {
    switch (command) {
    case WorkbenchCommand::Reload:
        return {};
    case WorkbenchCommand::Preview:
        return {m_previewPanel->previewButton()};
    case WorkbenchCommand::Run:
        return {m_roundPanel->runButton()};
    case WorkbenchCommand::Pause:
        return {m_roundPanel->pauseButton(), m_roundPanel->resumeButton()};
    case WorkbenchCommand::Cancel:
        return {m_roundPanel->cancelButton(), m_previewPanel->cancelButton()};
    }
    return {};
}

} // namespace tidemark::ui
