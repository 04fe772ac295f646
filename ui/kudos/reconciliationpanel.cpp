#include "reconciliationpanel.h"

#include "displayformat.h"
#include "errortext.h"
#include "kudosvalues.h"
#include "reconciliationmodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTimeZone>
#include <QVBoxLayout>

namespace tidemark::ui {

using namespace tidemark::kudos;

ReconciliationPanel::ReconciliationPanel(ReconciliationModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    m_reconcile = new QPushButton(tr("Reconcile"), this);
    m_reconcile->setToolTip(tr("Compare every user's balance with the newest snapshot plus what the ledger "
                               "applied since (read-only)."));
    m_snapshot = new QPushButton(tr("Take snapshot"), this);
    m_snapshot->setToolTip(tr("Record every user's balance now: later reconciliations compare against it."));
    m_summary = new QLabel(tr("Not reconciled yet."), this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model);
    proxy->setSortRole(ReconciliationModel::SortRole);
    m_table = new QTableView(this);
    m_table->setModel(proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(ReconciliationModel::DriftColumn, Qt::DescendingOrder);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setAlternatingRowColors(true);
    auto* top = new QHBoxLayout;
    top->addWidget(m_reconcile);
    top->addWidget(m_snapshot);
    top->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    connect(m_reconcile, &QPushButton::clicked, this, &ReconciliationPanel::reconcileRequested);
    connect(m_snapshot, &QPushButton::clicked, this, &ReconciliationPanel::snapshotRequested);
}

void ReconciliationPanel::setRunning(bool running) {
    m_reconcile->setEnabled(!running);
    m_snapshot->setEnabled(!running);
    if (running)
        m_summary->setText(tr("Reconciling…"));
}

void ReconciliationPanel::showReport() {
    const ReconciliationReport& r = m_model->report();
    if (!r.snapshot) {
        m_summary->setText(tr("There is no balance snapshot yet, so nothing was compared. Take one "
                              "(Take snapshot) and reconcile later."));
        return;
    }
    const QString taken = display::instant(r.snapshot->created);
    QString text = tr("Snapshot of %1 (%Ln day(s) old, checkpoint generation %2).", "",
                      int(r.snapshotAge / kMicrosPerDay))
                       .arg(taken)
                       .arg(r.snapshot->generation);
    text += QStringLiteral("<br>") + tr("%1 users checked, <b>%2 drifting</b>, total drift %3 kudos.")
                                         .arg(display::count(r.usersChecked), display::count(r.usersDrifting),
                                              textFromCents(r.totalDrift));
    m_summary->setText(text);
    m_table->resizeColumnsToContents();
}

void ReconciliationPanel::showError(const QString& message) {
    m_summary->setText(errorHtml(message));
}

QString ReconciliationPanel::summaryText() const {
    return m_summary->text();
}

} // namespace tidemark::ui
