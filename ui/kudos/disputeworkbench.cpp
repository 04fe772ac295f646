#include "disputeworkbench.h"

#include "displayformat.h"

#include "archiveobjectpanel.h"
#include "coveringobjectmodel.h"
#include "disputecase.h"
#include "disputerowsloader.h"
#include "disputerowsmodel.h"
#include "drillchoicemenu.h"
#include "drillcoveragelabel.h"
#include "drillresultsview.h"
#include "errortext.h"
#include "kudosdataset.h"
#include "kudosvalues.h"
#include "sortedtableview.h"
#include "statementmodel.h"
#include "tonedelegate.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QDateEdit>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTimeZone>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

namespace tidemark::ui {

using namespace tidemark::kudos;

namespace {
Micros dayStart(const QDate& day) {
    return QDateTime(day, QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch() * 1000;
}

QGroupBox* group(const QString& title, QWidget* parent) {
    auto* box = new QGroupBox(title, parent);
    box->setFlat(true);
    return box;
}
} // namespace

DisputeWorkbench::DisputeWorkbench(DisputeCase* dispute, QWidget* parent) : QWidget(parent), m_case(dispute) {
    m_user = new QLineEdit(this);
    m_user->setObjectName(QStringLiteral("disputeUser"));
    m_user->setPlaceholderText(tr("id, username or OAuth id"));
    m_user->setToolTip(tr("The user of the dispute: a user id, a username, username#id or an OAuth id. "
                          "Typing offers the matching users of the kudos database."));
    m_user->setMinimumWidth(m_user->fontMetrics().horizontalAdvance(QLatin1Char('m')) * 18);
    m_userCompletions = new QStandardItemModel(this);
    m_userCompleter = new QCompleter(m_userCompletions, this);
    // The database filters (by prefix, case-insensitively, on the username, the OAuth id and the id): the
    // popup shows every line it sends, and a chosen line puts its username#id into the field.
    m_userCompleter->setCompletionMode(QCompleter::UnfilteredPopupCompletion);
    m_userCompleter->setCompletionRole(Qt::UserRole);
    m_userCompleter->setMaxVisibleItems(12);
    m_user->setCompleter(m_userCompleter);
    m_userTyping = new QTimer(this);
    m_userTyping->setSingleShot(true);
    m_userTyping->setInterval(200);
    const QDate today = QDateTime::currentDateTimeUtc().date();
    m_first = new QDateEdit(today.addDays(-60), this);
    m_last = new QDateEdit(today, this);
    for (QDateEdit* edit : {m_first, m_last}) {
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    }
    m_investigate = new QPushButton(tr("Investigate"), this);
    m_investigate->setDefault(true);
    m_investigate->setToolTip(tr("Read the user's daily statement and find the archive objects that cover "
                                 "the days (read-only)."));
    m_summary = new QLabel(tr("Pick a user and the days of the dispute."), this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);

    auto* query = new QHBoxLayout;
    query->addWidget(new QLabel(tr("User"), this));
    query->addWidget(m_user);
    query->addSpacing(12);
    query->addWidget(new QLabel(tr("From"), this));
    query->addWidget(m_first);
    query->addWidget(new QLabel(tr("to"), this));
    query->addWidget(m_last);
    query->addWidget(new QLabel(tr("(UTC days, inclusive)"), this));
    query->addSpacing(12);
    query->addWidget(m_investigate);
    query->addWidget(m_summary, 1);

    // The statement.
    m_statement = sortedTableView(m_case->statement(), StatementModel::SortRole, this);
    m_statementTotals = new QLabel(this);
    auto* statementBox = group(tr("Daily statement"), this);
    auto* statementLayout = new QVBoxLayout(statementBox);
    statementLayout->addWidget(m_statement, 1);
    statementLayout->addWidget(m_statementTotals);

    // The covering objects (the whole archive before an investigation), their verification and restore.
    m_objectsCaption = new QLabel(this);
    m_objectsCaption->setWordWrap(true);
    m_objectsCaption->setTextFormat(Qt::RichText);
    m_objects = sortedTableView(m_case->objects(), CoveringObjectModel::SortRole, this);
    m_objects->setItemDelegate(new ToneDelegate(CoveringObjectModel::ToneRole, m_objects));
    m_objectProxy = static_cast<QSortFilterProxyModel*>(m_objects->model());
    m_verify = new QPushButton(tr("Verify"), this);
    m_verify->setToolTip(tr("Read the selected objects back and check them against their manifests (and "
                            "against the partition while it is online)."));
    m_restore = new QPushButton(tr("Restore"), this);
    m_restore->setToolTip(tr("Verify, then load into the local restore file every object that holds the "
                             "user's rows, or only the selected ones (Ctrl+click unselects). A failed "
                             "verification loads nothing."));
    m_drill = new QPushButton(tr("Drill…"), this);
    m_drill->setToolTip(
        tr("Restore drill: restore the selected objects, a sample of %Ln object(s) of the whole archive (the "
           "never drilled and the longest undrilled first) or every object of the catalog into a private "
           "scratch file, compare their sums per user, account, entry type and day with the daily statements "
           "and their rows with the catalog, and record the result.",
           "", DisputeCase::drillSample()));
    m_drillMenu = new DrillChoiceMenu(this);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Stop the restore or the drill that runs."));
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setFormat(QString());
    m_restoreStatus = new QLabel(this);
    m_restoreStatus->setWordWrap(true);
    m_restoreStatus->setTextFormat(Qt::RichText);
    // Refusals name the object, the store and every problem: the label takes the lines its text needs.
    m_restoreStatus->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_coverage = new DrillCoverageLabel(this);
    m_objectPanel = new ArchiveObjectPanel(this);
    auto* objectButtons = new QHBoxLayout;
    objectButtons->addWidget(m_verify);
    objectButtons->addWidget(m_restore);
    objectButtons->addWidget(m_drill);
    objectButtons->addWidget(m_cancel);
    objectButtons->addWidget(m_progress, 1);
    // The list with its buttons above the selected object's manifest, the operator moving the split between
    // them; the list gets three quarters of the height to start with (eight rows or more on a laptop).
    auto* listBox = new QWidget(this);
    auto* listLayout = new QVBoxLayout(listBox);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->addWidget(m_objectsCaption);
    listLayout->addWidget(m_objects, 1);
    listLayout->addLayout(objectButtons);
    listLayout->addWidget(m_coverage);
    listLayout->addWidget(m_restoreStatus);
    auto* objectsBox = new QSplitter(Qt::Vertical, this);
    objectsBox->setChildrenCollapsible(false);
    objectsBox->addWidget(listBox);
    objectsBox->addWidget(m_objectPanel);
    objectsBox->setStretchFactor(0, 3);
    objectsBox->setStretchFactor(1, 1);

    // The user's rows.
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter the rows (any column)"));
    m_filter->setClearButtonEnabled(true);
    m_rows = sortedTableView(m_case->rows(), DisputeRowsModel::SortRole, this);
    m_rows->setItemDelegate(new ToneDelegate(DisputeRowsModel::ToneRole, m_rows));
    m_rowProxy = static_cast<QSortFilterProxyModel*>(m_rows->model());
    m_rowProxy->setFilterKeyColumn(-1);
    m_rowProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_rowTotals = new QLabel(this);
    m_export = new QPushButton(tr("Export CSV…"), this);
    m_export->setEnabled(false);
    auto* rowBar = new QHBoxLayout;
    rowBar->addWidget(m_filter, 1);
    rowBar->addWidget(m_export);
    auto* rowsBox = new QWidget(this);
    auto* rowsLayout = new QVBoxLayout(rowsBox);
    rowsLayout->addLayout(rowBar);
    rowsLayout->addWidget(m_rows, 1);
    rowsLayout->addWidget(m_rowTotals);

    // The statement beside the objects and the rows, which share the height as tabs: each table keeps its
    // rows on a laptop's screen. A finished restore brings its rows to the front.
    m_evidence = new QTabWidget(this);
    m_evidence->addTab(objectsBox, tr("Archive objects"));
    m_evidence->setTabToolTip(0, tr("Archive objects covering the days"));
    m_evidence->addTab(rowsBox, tr("The user's rows"));
    m_evidence->setTabToolTip(1, tr("The user's rows (restored from the archive, and online)"));
    m_drillResults = new DrillResultsView(m_case->drillResults(), this);
    m_evidence->addTab(m_drillResults, tr("Drill results"));
    m_evidence->setTabToolTip(2, tr("Each object of the last drill with its result"));
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    split->addWidget(statementBox);
    split->addWidget(m_evidence);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({620, 940});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(query);
    layout->addWidget(split, 1);

    connect(m_investigate, &QPushButton::clicked, this, &DisputeWorkbench::investigate);
    connect(m_user, &QLineEdit::returnPressed, this, &DisputeWorkbench::investigate);
    connect(m_user, &QLineEdit::textEdited, this, [this] { m_userTyping->start(); });
    connect(m_userTyping, &QTimer::timeout, this, [this] { m_case->completeUsers(m_user->text()); });
    connect(m_case, &DisputeCase::usersCompleted, this, &DisputeWorkbench::showCompletions);
    connect(m_verify, &QPushButton::clicked, this, &DisputeWorkbench::verifySelected);
    connect(m_restore, &QPushButton::clicked, this, &DisputeWorkbench::restoreSelected);
    connect(m_drill, &QPushButton::clicked, this, &DisputeWorkbench::chooseDrill);
    connect(m_drillMenu, &DrillChoiceMenu::chosen, this, [this](DrillChoiceMenu::Choice choice) {
        if (choice == DrillChoiceMenu::Choice::All)
            drillAll();
        else if (choice == DrillChoiceMenu::Choice::Sample)
            drillSample();
        else
            drillSelected();
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_case->isDrilling())
            cancelDrill();
        else
            cancelRestore();
    });
    connect(m_filter, &QLineEdit::textChanged, m_rowProxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_rowProxy, &QSortFilterProxyModel::rowsInserted, this, &DisputeWorkbench::showRows);
    connect(m_rowProxy, &QSortFilterProxyModel::rowsRemoved, this, &DisputeWorkbench::showRows);
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export the user's rows"),
            QStringLiteral("kudos-user-%1-%2-%3.csv")
                .arg(m_case->findings().query.userId)
                .arg(display::date(m_first->dateTime().toMSecsSinceEpoch() * 1000),
                     display::date(m_last->dateTime().toMSecsSinceEpoch() * 1000)),
            tr("CSV files (*.csv)"));
        if (!path.isEmpty())
            exportRows(path);
    });
    connect(m_objects->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        showSelectedObject();
        updateRestoreButton();
    });
    connect(m_objects->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &DisputeWorkbench::showSelectedObject);
    connect(m_case->objects(), &QAbstractItemModel::dataChanged, this, &DisputeWorkbench::showSelectedObject);
    connect(m_case->objects(), &QAbstractItemModel::modelReset, this, [this] {
        showSelectedObject();
        updateRestoreButton();
    });
    connect(m_case, &DisputeCase::investigating, this, [this] {
        m_summary->setText(tr("Reading the statement and the archive…"));
        m_investigate->setEnabled(false);
    });
    connect(m_case, &DisputeCase::investigated, this, &DisputeWorkbench::showFindings);
    connect(m_case, &DisputeCase::archiveListed, this, &DisputeWorkbench::showArchive);
    connect(m_case, &DisputeCase::archiveListFailed, this, &DisputeWorkbench::showListing);
    connect(m_case, &DatasetBase::cleared, this, &DisputeWorkbench::showListing);
    connect(m_case->dataset(), &KudosDataset::loaded, this, &DisputeWorkbench::showListing);
    connect(m_case, &DisputeCase::rowsLoaded, this, &DisputeWorkbench::showRows);
    connect(m_case, &DisputeCase::rowsLoaded, this, &DisputeWorkbench::showLeftOut);
    connect(m_case, &DisputeCase::loadFailed, this, [this](const Error& error) {
        m_investigate->setEnabled(true);
        m_summary->setText(errorHtml(error.message()));
        emit failed(error.message());
    });
    connect(m_case, &DisputeCase::restored, this,
            [this](const archive::ArchiveRestoreReport& report, const QString& summary) {
                m_investigate->setEnabled(true);
                jobEnded(!report.cancelled, summary);
                if (!report.cancelled)
                    m_evidence->setCurrentIndex(1);
                emit restoreFinished(!report.cancelled);
            });
    connect(m_case, &DisputeCase::restoreFailed, this, [this](const Error& error) {
        m_investigate->setEnabled(true);
        jobFailed(error.message());
        m_restoreFailed = true;
        emit restoreFinished(false);
    });
    connect(m_case, &DisputeCase::restoreProgressed, this, &DisputeWorkbench::showProgress);
    connect(m_case, &DisputeCase::drilled, this,
            [this](const ArchiveDrillReport& report, const QString& summary) {
                jobEnded(!report.cancelled, summary);
                if (report.failed() > 0)
                    m_restoreStatus->setText(errorHtml(summary));
                m_drillResults->showSummary(summary, report.failed() > 0);
                m_evidence->setCurrentWidget(m_drillResults);
                emit drillFinished(report.ok());
            });
    connect(m_case, &DisputeCase::drillFailed, this, [this](const Error& error) {
        jobFailed(error.message());
        emit drillFinished(false);
    });
    connect(m_case, &DisputeCase::drillProgressed, this, &DisputeWorkbench::showProgress);
    connect(m_case, &DisputeCase::drillsLoaded, this, &DisputeWorkbench::showCoverage);
    connect(m_case->dataset(), &KudosDataset::connectionChanged, this, [this] {
        m_summary->setText(m_case->dataset()->isConnected() ? tr("Pick a user and the days of the dispute.")
                                                            : tr("Not connected."));
        m_statementTotals->clear();
        m_rowTotals->clear();
        m_restoreStatus->clear();
        m_coverage->clear();
        m_drillResults->clear();
        m_restoreFailed = false;
    });
    showListing();
    showSelectedObject();
    updateRestoreButton();
}

void DisputeWorkbench::setQuery(int userId, const QDate& first, const QDate& last) {
    setQuery(QString::number(userId), first, last);
}

void DisputeWorkbench::setQuery(const QString& user, const QDate& first, const QDate& last) {
    m_userTyping->stop();
    m_user->setText(user);
    m_first->setDate(first);
    m_last->setDate(last);
}

void DisputeWorkbench::investigate() {
    m_userTyping->stop();
    m_userCompleter->popup()->hide();
    m_restoreStatus->clear();
    m_case->investigate(m_user->text(), dayStart(m_first->date()), dayStart(m_last->date().addDays(1)));
}

// The completions of what the field still says (an older prefix's are dropped), the popup shown while the
// operator types there.
void DisputeWorkbench::showCompletions(const QString& prefix, const std::vector<KudosUser>& users) {
    if (prefix != m_user->text().trimmed())
        return;
    m_userCompletions->clear();
    for (const KudosUser& user : users) {
        auto* item = new QStandardItem(user.label());
        item->setData(user.alias(), Qt::UserRole);
        item->setToolTip(
            tr("User %1, username %2, OAuth id %3").arg(user.id).arg(user.username, user.oauthId));
        m_userCompletions->appendRow(item);
    }
    if (users.empty())
        m_userCompleter->popup()->hide();
    else if (m_user->hasFocus()) {
        // As wide as its longest line (the OAuth ids), not only the field's width.
        QAbstractItemView* popup = m_userCompleter->popup();
        const int width =
            std::max(m_user->width(), popup->sizeHintForColumn(0) + popup->frameWidth() * 2 +
                                          popup->style()->pixelMetric(QStyle::PM_ScrollBarExtent));
        m_userCompleter->complete(QRect(0, 0, width, m_user->height()));
    }
}

QStringList DisputeWorkbench::selectedKeys() const {
    QStringList keys;
    for (const QModelIndex& index : m_objects->selectionModel()->selectedRows())
        keys.append(m_case->objects()->objects()[std::size_t(m_objectProxy->mapToSource(index).row())].key);
    keys.sort();
    return keys;
}

void DisputeWorkbench::selectObject(int modelRow) {
    const QModelIndex index = m_objectProxy->mapFromSource(m_case->objects()->index(modelRow, 0));
    m_objects->selectionModel()->select(index,
                                        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_objects->scrollTo(index);
}

void DisputeWorkbench::verifySelected() {
    QStringList keys = selectedKeys();
    if (keys.isEmpty())
        for (const CoveringObject& o : m_case->objects()->objects())
            keys.append(o.key);
    for (const QString& key : keys)
        m_case->verify(key);
}

// "Restore 2 objects" (every object holding the user's rows) or "Restore 1 selected object".
void DisputeWorkbench::updateRestoreButton() {
    const int selected = int(m_objects->selectionModel()->selectedRows().size());
    const int holding = int(m_case->holdingKeys().size());
    if (selected > 0)
        m_restore->setText(selected == 1 ? tr("Restore 1 selected object")
                                         : tr("Restore %Ln selected objects", "", selected));
    else if (holding > 0)
        m_restore->setText(holding == 1 ? tr("Restore 1 object") : tr("Restore %Ln objects", "", holding));
    else
        m_restore->setText(tr("Restore"));
}

void DisputeWorkbench::restoreSelected() {
    QStringList keys = selectedKeys();
    if (keys.isEmpty())
        keys = m_case->holdingKeys();
    m_restoreFailed = false;
    if (keys.isEmpty()) {
        m_restoreStatus->setText(tr("No listed object holds rows of this user."));
        return;
    }
    m_restoreStatus->setText(tr("Restoring %Ln object(s) into %1", "", int(keys.size()))
                                 .arg(m_case->restoreFile())
                                 .toHtmlEscaped());
    m_progress->setValue(0);
    m_case->restore(keys);
    if (m_case->isRestoring())
        m_investigate->setEnabled(false);
    updateJobButtons();
}

void DisputeWorkbench::cancelRestore() {
    m_case->cancelRestore();
}

// One restore or drill at a time: they share the progress bar, the cancel and the status line.
void DisputeWorkbench::updateJobButtons() {
    const bool busy = m_case->isRestoring() || m_case->isDrilling();
    m_restore->setEnabled(!busy);
    m_drill->setEnabled(!busy);
    m_cancel->setEnabled(busy);
}

void DisputeWorkbench::jobEnded(bool done, const QString& summary) {
    updateJobButtons();
    m_progress->setValue(done ? m_progress->maximum() : 0);
    m_progress->setFormat(done ? tr("done") : QString());
    m_restoreStatus->setText(summary.toHtmlEscaped());
    m_restoreStatus->setToolTip(summary);
}

void DisputeWorkbench::jobFailed(const QString& message) {
    updateJobButtons();
    m_progress->setValue(0);
    m_progress->setFormat(QString());
    m_restoreStatus->setText(errorHtml(message));
    m_restoreStatus->setToolTip(message);
}

void DisputeWorkbench::showProgress(const TaskProgress& progress) {
    const double fraction = progress.fraction();
    if (fraction >= 0)
        m_progress->setValue(int(fraction * m_progress->maximum()));
    m_progress->setFormat(progress.describe());
}

bool DisputeWorkbench::exportRows(const QString& path) {
    try {
        const qint64 rows = m_case->exportCsv(path);
        m_rowTotals->setText(tr("%Ln row(s) written to %1", "", int(rows)).arg(path));
        return true;
    } catch (const Error& e) {
        m_rowTotals->setText(errorHtml(e.message()));
        emit failed(e.message());
        return false;
    }
}

void DisputeWorkbench::showFindings() {
    m_investigate->setEnabled(!m_case->isRestoring());
    const DisputeFindings& f = m_case->findings();
    int covering = 0;
    qint64 userRows = 0;
    for (const CoveringObject& o : f.objects) {
        covering += o.user.rows > 0 ? 1 : 0;
        userRows += o.user.rows;
    }
    const QString who = f.user ? f.user->alias() : QString::number(f.query.userId);
    QString text = tr("User %1: %Ln statement line(s); ", "", int(f.statement.size())).arg(who) +
                   tr("%Ln archive object(s) cover the days, ", "", int(f.objects.size())) +
                   tr("%Ln of them with %1 of the user's rows.", "", covering).arg(userRows);
    if (!f.archiveProblem.isEmpty())
        text = tr("User %1: %Ln statement line(s). ", "", int(f.statement.size())).arg(who) +
               errorHtml(tr("The archive could not be read: %1").arg(f.archiveProblem));
    m_summary->setText(text);
    const StatementModel* s = m_case->statement();
    m_statementTotals->setText(
        tr("Spendable %1 · escrow %2 · %Ln row(s)", "", int(s->totalRows()))
            .arg(textFromCents(s->totalCents(false)), textFromCents(s->totalCents(true))));
    m_restoreStatus->setText(tr("Restores go into %1").arg(m_case->restoreFile()).toHtmlEscaped());
    showListing();
    showCoverage();
    // The first object is shown beside the table but not selected: a selection narrows the restore.
    m_objects->clearSelection();
    if (!f.objects.empty())
        m_objects->selectionModel()->setCurrentIndex(
            m_objectProxy->mapFromSource(m_case->objects()->index(0, 0)), QItemSelectionModel::NoUpdate);
    updateRestoreButton();
    emit investigated();
}

void DisputeWorkbench::showRows() {
    const DisputeRowsModel* model = m_case->rows();
    const DisputeRows& rows = model->rows();
    m_export->setEnabled(!rows.rows.empty());
    int archived = 0;
    for (DisputeRows::Source source : rows.sources)
        archived += source == DisputeRows::Source::Online ? 0 : 1;
    QString text =
        tr("%Ln row(s)", "", int(rows.rows.size())) +
        tr(" (%1 from the archive, %2 online)").arg(archived).arg(int(rows.rows.size()) - archived) +
        tr(" · spendable %1 · escrow %2")
            .arg(textFromCents(model->totalCents(false)), textFromCents(model->totalCents(true)));
    if (m_rowProxy->rowCount() != model->rowCount())
        text += tr(" · %Ln shown", "", m_rowProxy->rowCount());
    if (rows.truncated)
        text += tr(" · only the first %1 rows are listed").arg(DisputeRowsLoader::kRowLimit);
    m_rowTotals->setText(text);
    emit rowsShown(int(rows.rows.size()));
}

void DisputeWorkbench::showCoverage() {
    if (m_case->listing() != DisputeCase::Listing::None)
        m_coverage->showCoverage(m_case->drillCoverage());
    else
        m_coverage->clear();
}

void DisputeWorkbench::showSelectedObject() {
    const QModelIndexList selected = m_objects->selectionModel()->selectedRows();
    const QModelIndex shown = m_objectProxy->mapToSource(
        selected.isEmpty() ? m_objects->selectionModel()->currentIndex() : selected.first());
    const CoveringObject* object = !shown.isValid() || shown.row() >= m_case->objects()->rowCount()
                                       ? nullptr
                                       : &m_case->objects()->objects()[std::size_t(shown.row())];
    m_objectPanel->showObject(
        object, object ? m_case->objects()->verification(object->key) : CoveringObjectModel::Verification{},
        m_case->findings().query.userId, object && m_case->objects()->isRestored(object->key));
}

void DisputeWorkbench::showLeftOut() {
    if (!m_restoreFailed)
        return;
    m_restoreFailed = false;
    const QStringList left = m_case->notRestoredKeys();
    if (left.isEmpty())
        return;
    const QString line =
        tr("Not restored, though they hold the user's rows: %1.").arg(DisputeCase::objectNames(left));
    m_restoreStatus->setText(m_restoreStatus->text() + QStringLiteral("<br>") + line.toHtmlEscaped());
    m_restoreStatus->setToolTip(m_restoreStatus->toolTip() + QLatin1Char('\n') + line);
}

QString DisputeWorkbench::summaryText() const {
    return m_summary->text();
}

QString DisputeWorkbench::statementTotalsText() const {
    return m_statementTotals->text();
}

QString DisputeWorkbench::rowTotalsText() const {
    return m_rowTotals->text();
}

QString DisputeWorkbench::restoreStatusText() const {
    return m_restoreStatus->text();
}

QString DisputeWorkbench::coverageText() const {
    return m_coverage->text();
}

} // namespace tidemark::ui
