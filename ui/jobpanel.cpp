#include "jobpanel.h"

#include "progressdelegate.h"
#include "tasklistmodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace tidemark::ui {

namespace {
constexpr int kMargin = 4;
}

JobPanel::JobPanel(TaskListModel* jobs, QWidget* parent)
    : QWidget(parent), m_jobs(jobs), m_strip(new QLabel(this)), m_view(new QTableView(this)),
      m_pause(new QPushButton(tr("Pause"), this)), m_resume(new QPushButton(tr("Resume"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)) {
    m_strip->setObjectName(QStringLiteral("jobStrip"));
    m_strip->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed); // elided to the room it gets
    m_view->setModel(jobs);
    m_view->setItemDelegateForColumn(TaskListModel::ProgressColumn,
                                     new ProgressDelegate(TaskListModel::ProgressRole, m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->setWordWrap(false);
    // The dock may shrink to the strip: the list then hides (resizeEvent).
    m_view->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    QHeaderView* header = m_view->horizontalHeader();
    // Title and result share the width; long titles elide in the middle, keeping the action and the target.
    header->setSectionResizeMode(TaskListModel::TitleColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(TaskListModel::StateColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(TaskListModel::ProgressColumn, QHeaderView::Fixed);
    header->resizeSection(TaskListModel::ProgressColumn, 110);
    header->setSectionResizeMode(TaskListModel::ResultColumn, QHeaderView::Stretch);
    m_view->setTextElideMode(Qt::ElideMiddle);
    // Titles and results elide on purpose (whole in their tooltips); the screen tests read this.
    m_view->setProperty("elidedColumns",
                        QVariantList{TaskListModel::TitleColumn, TaskListModel::ResultColumn});
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto* strip = new QHBoxLayout;
    strip->addWidget(m_strip, 1);
    strip->addWidget(m_pause);
    strip->addWidget(m_resume);
    strip->addWidget(m_cancel);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(kMargin, kMargin, kMargin, kMargin);
    layout->setSpacing(kMargin);
    layout->addLayout(strip);
    layout->addWidget(m_view, 1);

    connect(m_pause, &QPushButton::clicked, this, [this] {
        m_jobs->pause(targetRow());
        showTarget();
    });
    connect(m_resume, &QPushButton::clicked, this, [this] {
        m_jobs->resume(targetRow());
        showTarget();
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_jobs->cancel(targetRow());
        showTarget();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &JobPanel::showTarget);
    connect(jobs, &TaskListModel::dataChanged, this, &JobPanel::showTarget);
    connect(jobs, &TaskListModel::modelReset, this, &JobPanel::showTarget);
    connect(jobs, &TaskListModel::rowsRemoved, this, &JobPanel::showTarget);
    connect(jobs, &TaskListModel::rowsInserted, this, [this](const QModelIndex&, int, int last) {
        m_view->scrollTo(m_jobs->index(last, 0));
        showTarget();
    });
    showTarget();
}

int JobPanel::targetRow() const {
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (!rows.isEmpty())
        return rows.first().row();
    for (int row = m_jobs->rowCount() - 1; row >= 0; --row)
        if (TaskListModel::isActive(m_jobs->state(row)))
            return row;
    return -1;
}

int JobPanel::stripHeight() const {
    int line = m_strip->sizeHint().height();
    for (const QPushButton* button : {m_pause, m_resume, m_cancel})
        line = std::max(line, button->sizeHint().height());
    return line + 2 * kMargin;
}

void JobPanel::showTarget() {
    const int row = targetRow();
    m_pause->setEnabled(m_jobs->canPause(row));
    m_resume->setEnabled(m_jobs->canResume(row));
    m_cancel->setEnabled(m_jobs->canCancel(row));
    const auto cell = [this](int r, int column) { return m_jobs->index(r, column).data().toString(); };
    if (row >= 0) {
        QStringList parts{cell(row, TaskListModel::TitleColumn), cell(row, TaskListModel::StateColumn)};
        for (int column : {int(TaskListModel::ProgressColumn), int(TaskListModel::ResultColumn)})
            if (!cell(row, column).isEmpty())
                parts << cell(row, column);
        m_stripText = parts.join(QStringLiteral(" · "));
    } else if (m_jobs->rowCount() > 0) {
        const int last = m_jobs->rowCount() - 1;
        m_stripText =
            tr("No jobs running · last: %1 · %2")
                .arg(cell(last, TaskListModel::TitleColumn), cell(last, TaskListModel::ResultColumn));
    } else {
        m_stripText = tr("No jobs running");
    }
    m_strip->setToolTip(m_stripText);
    showStripText();
}

void JobPanel::showStripText() {
    m_strip->setText(m_strip->fontMetrics().elidedText(m_stripText, Qt::ElideMiddle, m_strip->width()));
}

// Below the header and one row of room the list would show a sliver: the strip alone says what runs. One
// row, not two: on a 720 px screen, next to a workbench at its minimum height, the dock has room for one.
void JobPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    const int listRoom = height() - stripHeight();
    const int oneRow = m_view->horizontalHeader()->sizeHint().height() + m_view->fontMetrics().height() + 12;
    m_view->setVisible(listRoom >= oneRow);
    showStripText();
}

} // namespace tidemark::ui
