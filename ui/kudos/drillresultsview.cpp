#include "drillresultsview.h"

#include "drillresultmodel.h"
#include "errortext.h"
#include "sortedtableview.h"
#include "tonedelegate.h"

#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace tidemark::ui {

DrillResultsView::DrillResultsView(kudos::DrillResultModel* results, QWidget* parent) : QWidget(parent) {
    m_summary = new QLabel(tr("No drill in this session yet: Drill… restores objects into a private scratch "
                              "file and compares their sums with the daily statements."),
                           this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_table = sortedTableView(results, kudos::DrillResultModel::SortRole, this);
    m_table->setObjectName(QStringLiteral("drillResults"));
    m_table->setItemDelegate(new ToneDelegate(kudos::DrillResultModel::ToneRole, m_table));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
}

void DrillResultsView::showSummary(const QString& summary, bool failed) {
    m_summary->setText(failed ? errorHtml(summary) : summary.toHtmlEscaped());
    m_summary->setToolTip(summary);
}

void DrillResultsView::clear() {
    m_summary->clear();
    m_summary->setToolTip(QString());
}

QString DrillResultsView::summaryText() const {
    return m_summary->text();
}

} // namespace tidemark::ui
