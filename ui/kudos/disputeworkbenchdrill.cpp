// The disputes workbench's drills and its Workbench interface (DisputeWorkbench's second file): Drill…'s
// choice (selected, a sample, the whole catalog), the drill's start and cancel, and the commands it offers.
#include "disputeworkbench.h"

#include "disputecase.h"
#include "drillchoicemenu.h"

#include <QItemSelectionModel>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>

namespace tidemark::ui {

using kudos::DisputeCase;

void DisputeWorkbench::chooseDrill() {
    m_drillMenu->setCounts(
        int(m_objects->selectionModel()->selectedRows().size()), DisputeCase::drillSample(),
        m_case->listing() != DisputeCase::Listing::None ? m_case->drillCoverage().objects : -1);
    m_drillMenu->popup(m_drill->mapToGlobal(QPoint(0, m_drill->height())));
}

void DisputeWorkbench::drillSelected() {
    const QStringList keys = selectedKeys();
    if (keys.isEmpty())
        return drillSample();
    drillStarting(tr("Drilling %Ln archive object(s)…", "", int(keys.size())));
    m_case->drill(keys);
    updateJobButtons();
}

void DisputeWorkbench::drillSample() {
    drillStarting(tr("Drilling a sample of %Ln archive object(s), the never drilled first…", "",
                     DisputeCase::drillSample()));
    m_case->drill({});
    updateJobButtons();
}

void DisputeWorkbench::drillAll() {
    drillStarting(tr("Drilling every archive object of the catalog…"));
    m_case->drillAll();
    updateJobButtons();
}

void DisputeWorkbench::drillStarting(const QString& status) {
    m_restoreStatus->setText(status.toHtmlEscaped());
    m_restoreStatus->setToolTip(QString());
    m_progress->setValue(0);
    m_progress->setFormat(QString());
}

void DisputeWorkbench::cancelDrill() {
    m_case->cancelDrill();
}

QString DisputeWorkbench::title() const {
    return tr("Archive && disputes");
}

std::vector<QAbstractButton*> DisputeWorkbench::commandButtons(WorkbenchCommand command) const {
    if (command == WorkbenchCommand::Cancel)
        return {m_cancel}; // the restore's or the drill's
    return {};
}

} // namespace tidemark::ui
