// The disputes workbench's object list as a whole (DisputeWorkbench's third file): the caption saying
// whether it holds the whole archive or the investigated days' objects, and the user's columns only for
// the latter.
#include "disputeworkbench.h"

#include "coveringobjectmodel.h"
#include "displayformat.h"
#include "disputecase.h"
#include "errortext.h"
#include "kudosdataset.h"

#include <QItemSelectionModel>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>

namespace tidemark::ui {

using kudos::CoveringObject;
using kudos::CoveringObjectModel;
using kudos::DisputeCase;

namespace {
QString archiveName(const kudos::DisputeFindings& f, const QString& url) {
    return (f.archive.isEmpty() ? url : f.archive).toHtmlEscaped();
}
} // namespace

void DisputeWorkbench::showArchive() {
    showListing();
    showCoverage();
    // The first object is shown beside the table, as after an investigation.
    m_objects->clearSelection();
    if (m_case->objects()->rowCount() > 0)
        m_objects->selectionModel()->setCurrentIndex(
            m_objectProxy->mapFromSource(m_case->objects()->index(0, 0)), QItemSelectionModel::NoUpdate);
    updateRestoreButton();
}

void DisputeWorkbench::showListing() {
    const DisputeCase::Listing listing = m_case->listing();
    const bool investigated = listing == DisputeCase::Listing::Investigation;
    for (int column : {CoveringObjectModel::UserRowsColumn, CoveringObjectModel::UserBalanceColumn,
                       CoveringObjectModel::UserEscrowColumn})
        m_objects->setColumnHidden(column, !investigated);
    const kudos::DisputeFindings& f = m_case->findings();
    const int listed = m_case->objects()->rowCount();
    QString text;
    if (listing == DisputeCase::Listing::Archive) {
        text = listed == 0 ? tr("The archive %1 holds no object of the kudos ledger yet.")
                                 .arg(archiveName(f, m_case->dataset()->archiveUrl()))
               : listed == 1 ? tr("The one archive object of the kudos ledger in %1.")
                                   .arg(archiveName(f, m_case->dataset()->archiveUrl()))
                             : tr("All %Ln archive objects of the kudos ledger in %1.", "", listed)
                                   .arg(archiveName(f, m_case->dataset()->archiveUrl()));
        text += QLatin1Char(' ') + tr("Investigate a user to narrow them to the days of a dispute.");
    } else if (investigated && m_case->archiveProblem().isEmpty()) {
        int holding = 0;
        for (const CoveringObject& o : m_case->objects()->objects())
            holding += o.user.rows > 0 ? 1 : 0;
        const QString days = display::dateRange(f.query.from, f.query.to - 1);
        const QString who = (f.user ? f.user->alias() : QString::number(f.query.userId)).toHtmlEscaped();
        text = listed == 1 ? tr("The one archive object that covers %1").arg(days)
                           : tr("The %Ln archive objects that cover %1", "", listed).arg(days);
        text += tr(", %Ln of them holding rows of user %1.", "", holding).arg(who);
    } else if (!m_case->archiveProblem().isEmpty()) {
        text = errorHtml(tr("The archive could not be listed: %1").arg(m_case->archiveProblem()));
    } else if (m_case->isListingArchive()) {
        text = tr("Listing the archive's objects…");
    } else if (m_case->dataset()->isConnected()) {
        text = tr("The archive's objects are listed once the kudos dataset has loaded.");
    }
    m_objectsCaption->setText(text);
    m_objectsCaption->setVisible(!text.isEmpty());
    m_evidence->setTabToolTip(0, investigated ? tr("The archive objects covering the days")
                                              : tr("Every archive object of the kudos ledger"));
}

QString DisputeWorkbench::objectsCaptionText() const {
    return m_objectsCaption->text();
}

} // namespace tidemark::ui
