#include "positionsworkbench.h"

#include "common/jobcontrol.h"
#include "common/pgconnection.h"
#include "common/settingsreader.h"
#include "map/maplayermodel.h"
#include "map/mapview.h"
#include "map/markerlayer.h"
#include "map/rasterlayer.h"
#include "map/tracklayer.h"
#include "positions/mowereligibilityjob.h"
#include "positions/mowereligibilitymodel.h"
#include "positions/previewjob.h"
#include "positions/roundhistorymodel.h"
#include "previewlayers.h"
#include "previewpanel.h"
#include "roundpanel.h"
#include "verifypanel.h"
#include "workbenchtask.h"

#include <QDateTimeEdit>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace tidemark::ui {

using namespace tidemark::positions;

namespace {

QDateTime utcOf(Micros t) {
    return QDateTime::fromMSecsSinceEpoch(t / 1000, Qt::UTC);
}
Micros microsOf(const QDateTime& t) {
    return t.toMSecsSinceEpoch() * 1000;
}

// A preview and its layers' data, both made on the job's thread.
struct PreviewOutcome {
    PreviewResult result;
    PreviewLayerData layers;
};

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

PositionsWorkbench::PositionsWorkbench(QWidget* parent) : QWidget(parent) {
    m_pool.setMaxThreadCount(3);
    try {
        m_settings = PositionSettings::read(SettingsReader::fromEnvironment());
    } catch (const Error&) {
        // The console reports bad settings at start; the workbench keeps the defaults meanwhile.
    }
    m_mowers = new MowerEligibilityModel(this);
    m_history = new RoundHistoryModel(this);

    m_mowerTable = new QTableView(this);
    m_mowerTable->setModel(m_mowers);
    m_mowerTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_mowerTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_mowerTable->verticalHeader()->hide();
    m_mowerTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_mowerTable->setAlternatingRowColors(true);
    for (int c : {int(MowerEligibilityModel::NewestColumn), int(MowerEligibilityModel::SlicesColumn)})
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
    m_map->setMinimumSize(420, 320);
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
    m_roundPanel = new RoundPanel(m_history, this);
    m_roundPanel->setSettings(m_settings);
    m_verifyPanel = new VerifyPanel(this);
    m_areas = new QTabWidget(this);
    m_areas->addTab(m_previewPanel, tr("Preview"));
    m_areas->addTab(m_roundPanel, tr("Rounds"));
    m_areas->addTab(m_verifyPanel, tr("Verify"));

    auto* mowersBox = new QGroupBox(tr("Mowers"), this);
    auto* mowersLayout = new QVBoxLayout(mowersBox);
    mowersLayout->addWidget(m_mowerTable);
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
    auto* layersBox = new QGroupBox(tr("Layers (check to show, drag to reorder)"), this);
    auto* layersLayout = new QVBoxLayout(layersBox);
    layersLayout->addWidget(m_layerList);
    layersLayout->addWidget(m_layerExplanation);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(mowersBox, 3);
    leftLayout->addWidget(rangeBox);
    leftLayout->addWidget(layersBox, 0);
    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(m_map);
    right->addWidget(m_areas);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({330, 2000}); // the map takes what the mower list does not need
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(m_mowerTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { mowerRowChanged(current.row()); });
    connect(lastWeek, &QPushButton::clicked, this, [this] {
        setRangeLastWeek();
        preview();
    });
    connect(olderWeek, &QPushButton::clicked, this, [this] {
        setRangeBeforeDetailWindow();
        preview();
    });
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
}

PositionsWorkbench::~PositionsWorkbench() {
    for (const auto& control : {m_previewControl, m_roundControl})
        if (control)
            control->cancel();
    m_pool.waitForDone();
}

MapLayerModel* PositionsWorkbench::layers() const {
    return m_map->layers();
}

void PositionsWorkbench::setSettings(const PositionSettings& settings) {
    m_settings = settings;
    m_roundPanel->setSettings(settings);
}

void PositionsWorkbench::setClock(std::function<Micros()> clock) {
    m_clock = std::move(clock);
}

void PositionsWorkbench::setConnection(const QString& positionsConninfo) {
    m_conninfo = positionsConninfo;
    m_preview.reset();
    m_mower = QUuid();
    loadMowers();
    loadHistory();
}

void PositionsWorkbench::loadMowers() {
    const QString conninfo = m_conninfo;
    const PositionSettings settings = m_settings;
    const Micros at = now();
    runWorkbenchTask<std::vector<MowerEligibility>>(
        m_pool, this, [=] { return MowerEligibilityJob::run(conninfo, settings, at); },
        [this](std::shared_ptr<std::vector<MowerEligibility>> mowers) {
            const QUuid keep = m_mower;
            QSignalBlocker block(m_mowerTable->selectionModel());
            m_mowers->setMowers(std::move(*mowers));
            block.unblock();
            // The list keeps every column in view; the map takes the rest of the width.
            m_mowerTable->resizeColumnsToContents();
            m_mowerTable->setMinimumWidth(m_mowerTable->horizontalHeader()->length() +
                                          2 * m_mowerTable->frameWidth() +
                                          m_mowerTable->verticalScrollBar()->sizeHint().width());
            emit mowersLoaded(m_mowers->rowCount());
            QString wanted =
                !m_requestedMower.isEmpty() ? m_requestedMower : keep.toString(QUuid::WithoutBraces);
            if (m_mowers->rowOf(QUuid::fromString(wanted)) < 0 && m_mowers->rowCount() > 0)
                wanted = m_mowers->mowers().front().mowerId.toString(QUuid::WithoutBraces);
            m_requestedMower.clear();
            if (!wanted.isEmpty() && QUuid::fromString(wanted) != keep)
                selectMower(wanted);
            else if (!wanted.isEmpty()) {
                // The same mower after a refresh (a round moved its watermark): keep the range and the
                // preview.
                QSignalBlocker quiet(m_mowerTable->selectionModel());
                m_mowerTable->selectRow(m_mowers->rowOf(keep));
                m_mowerTable->viewport()->update();
            }
        },
        [this](const QString& message) {
            m_previewPanel->showError(message);
            emit failed(message);
        });
}

void PositionsWorkbench::loadHistory() {
    const QString conninfo = m_conninfo;
    runWorkbenchTask<std::vector<RoundHistoryEntry>>(
        m_pool, this,
        [conninfo] {
            auto db = PgConnection::open(conninfo, QStringLiteral("tidemark round history"));
            return RoundHistory(*db).latest(40);
        },
        [this](std::shared_ptr<std::vector<RoundHistoryEntry>> entries) {
            m_history->setEntries(std::move(*entries));
            m_roundPanel->historyChanged();
        },
        [this](const QString& message) { m_roundPanel->showError(message); });
}

bool PositionsWorkbench::selectMower(const QString& mowerId) {
    const int row = m_mowers->rowOf(QUuid::fromString(mowerId));
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

void PositionsWorkbench::mowerRowChanged(int row) {
    if (row < 0 || row >= m_mowers->rowCount())
        return;
    m_mower = m_mowers->mowers()[std::size_t(row)].mowerId;
    setRangeLastWeek();
    preview();
}

void PositionsWorkbench::setRange(Micros from, Micros to) {
    m_from->setDateTime(utcOf(from));
    m_to->setDateTime(utcOf(to));
    const Micros cutoff = m_settings.thinningCutoff(now());
    m_rangeNote->setText(
        to <= cutoff ? tr("The whole range is older than the detail window (cutoff %1): a round thins it.")
                           .arg(utcOf(cutoff).toString(QStringLiteral("yyyy-MM-dd HH:mm")))
        : from >= cutoff
            ? tr("The whole range is inside the detail window (cutoff %1): a round leaves it alone.")
                  .arg(utcOf(cutoff).toString(QStringLiteral("yyyy-MM-dd HH:mm")))
            : tr("The range straddles the cutoff %1: only its older part is thinned.")
                  .arg(utcOf(cutoff).toString(QStringLiteral("yyyy-MM-dd HH:mm"))));
}

void PositionsWorkbench::setRangeLastWeek() {
    const int row = m_mowers->rowOf(m_mower);
    const Micros end = row >= 0 ? floorToStep(m_mowers->mowers()[std::size_t(row)].newest, kMicrosPerMinute) +
                                      kMicrosPerMinute
                                : floorToStep(now(), kMicrosPerMinute);
    setRange(end - 7 * kMicrosPerDay, end);
}

void PositionsWorkbench::setRangeBeforeDetailWindow() {
    const Micros cutoff = m_settings.thinningCutoff(now());
    setRange(cutoff - 7 * kMicrosPerDay, cutoff);
}

Micros PositionsWorkbench::rangeFrom() const {
    return microsOf(m_from->dateTime());
}
Micros PositionsWorkbench::rangeTo() const {
    return microsOf(m_to->dateTime());
}

void PositionsWorkbench::cancelPreview() {
    if (m_previewControl)
        m_previewControl->cancel();
}

void PositionsWorkbench::preview() {
    if (m_conninfo.isEmpty() || m_mower.isNull())
        return;
    cancelPreview();
    PreviewRequest request;
    request.conninfo = m_conninfo;
    request.mowerId = m_mower;
    request.from = rangeFrom();
    request.to = rangeTo();
    request.now = now();
    request.settings = m_settings;
    auto control = std::make_shared<JobControl>();
    m_previewControl = control;
    const int generation = ++m_previewGeneration;
    m_previewRunning = true;
    m_previewPanel->setRunning(true);
    m_areas->setCurrentWidget(m_previewPanel);
    QPointer<PositionsWorkbench> self(this);
    control->setProgressSink([self, generation](double fraction, const QString& message) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, generation, fraction, message] {
                if (self && generation == self->m_previewGeneration)
                    self->m_previewPanel->setProgress(fraction, message);
            },
            Qt::QueuedConnection);
    });
    runWorkbenchTask<PreviewOutcome>(
        m_pool, this,
        [request, control] {
            PreviewOutcome outcome{PreviewJob::run(request, control.get()), {}};
            if (!control->isCancelled())
                outcome.layers = PreviewLayerData::build(outcome.result);
            return outcome;
        },
        [this, generation, control](std::shared_ptr<PreviewOutcome> outcome) {
            if (generation != m_previewGeneration)
                return;
            m_previewRunning = false;
            m_previewPanel->setRunning(false);
            if (control->isCancelled()) {
                m_previewPanel->setProgress(0, tr("cancelled"));
                return;
            }
            showPreview(std::make_shared<PreviewResult>(std::move(outcome->result)), outcome->layers);
        },
        [this, generation](const QString& message) {
            if (generation != m_previewGeneration)
                return;
            m_previewRunning = false;
            m_previewPanel->setRunning(false);
            m_previewPanel->showError(message);
            emit previewFailed(message);
        });
}

void PositionsWorkbench::showPreview(std::shared_ptr<PreviewResult> result, const PreviewLayerData& layers) {
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
    if (m_conninfo.isEmpty() || m_roundControl)
        return;
    RoundRequest request;
    request.conninfo = m_conninfo;
    request.settings = m_settings;
    request.settings.budgetSeconds = m_roundPanel->budgetSeconds();
    request.now = now();
    request.dryRun = dryRun;
    request.ignoreWindow = m_roundPanel->ignoreWindow();
    auto control = std::make_shared<JobControl>();
    m_roundControl = control;
    m_roundPanel->setState(RoundPanel::State::Running);
    m_areas->setCurrentWidget(m_roundPanel);
    QPointer<PositionsWorkbench> self(this);
    const RoundJob::ProgressSink sink = [self](const RoundProgress& progress) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, progress] {
                if (!self)
                    return;
                self->m_roundPanel->showProgress(progress);
                emit self->roundProgressed(progress.slicesDone, progress.slicesTotal);
            },
            Qt::QueuedConnection);
    };
    runWorkbenchTask<RoundReport>(
        m_pool, this, [request, control, sink] { return RoundJob::run(request, *control, sink); },
        [this](std::shared_ptr<RoundReport> report) {
            m_roundControl.reset();
            m_lastReport = *report;
            m_roundPanel->setState(RoundPanel::State::Idle);
            m_roundPanel->showReport(*report);
            loadHistory();
            loadMowers();
            emit roundFinished(true);
            if (!report->dryRun && report->slices > 0 && m_preview)
                verify(false);
        },
        [this](const QString& message) {
            m_roundControl.reset();
            m_roundPanel->setState(RoundPanel::State::Idle);
            m_roundPanel->showError(message);
            emit roundFinished(false);
        });
}

void PositionsWorkbench::pauseRound() {
    if (!m_roundControl)
        return;
    m_roundControl->pause();
    m_roundPanel->setState(RoundPanel::State::Paused);
}

void PositionsWorkbench::resumeRound() {
    if (!m_roundControl)
        return;
    m_roundControl->resume();
    m_roundPanel->setState(RoundPanel::State::Running);
}

void PositionsWorkbench::cancelRound() {
    if (m_roundControl)
        m_roundControl->cancel();
}

void PositionsWorkbench::verify(bool showArea) {
    if (!m_preview || m_conninfo.isEmpty())
        return;
    const QString conninfo = m_conninfo;
    const std::shared_ptr<const PreviewResult> preview = m_preview;
    m_verifyPanel->setRunning(true);
    if (showArea)
        m_areas->setCurrentWidget(m_verifyPanel);
    runWorkbenchTask<RangeVerification>(
        m_pool, this,
        [conninfo, preview] {
            const std::vector<PositionRow> expected = preview->survivors();
            return RangeVerifier::verify(conninfo, preview->mowerId, preview->from, preview->to, expected);
        },
        [this](std::shared_ptr<RangeVerification> v) {
            m_lastVerification = *v;
            m_verifyPanel->setRunning(false);
            m_verifyPanel->showVerification(*v);
            emit verifyFinished(v->equal());
        },
        [this](const QString& message) {
            m_verifyPanel->setRunning(false);
            m_verifyPanel->showError(message);
            emit verifyFinished(false);
        });
}

} // namespace tidemark::ui
