#include "jobpanel.h"

#include "progressdelegate.h"
#include "tasklistmodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace tidemark::ui {

JobPanel::JobPanel(TaskListModel* jobs, QWidget* parent)
    : QWidget(parent), m_jobs(jobs), m_view(new QTableView(this)),
      m_pause(new QPushButton(tr("Pause"), this)), m_resume(new QPushButton(tr("Resume"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)) {
    m_view->setModel(jobs);
    m_view->setItemDelegateForColumn(TaskListModel::ProgressColumn,
                                     new ProgressDelegate(TaskListModel::ProgressRole, m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->setWordWrap(false);
    QHeaderView* header = m_view->horizontalHeader();
    // Title and result share the width; long titles elide in the middle, keeping the action and the target.
    header->setSectionResizeMode(TaskListModel::TitleColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(TaskListModel::StateColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(TaskListModel::ProgressColumn, QHeaderView::Fixed);
    header->resizeSection(TaskListModel::ProgressColumn, 110);
    header->setSectionResizeMode(TaskListModel::ResultColumn, QHeaderView::Stretch);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto* buttons = new QVBoxLayout;
    buttons->addWidget(m_pause);
    buttons->addWidget(m_resume);
    buttons->addWidget(m_cancel);
    buttons->addStretch(1);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);

    connect(m_pause, &QPushButton::clicked, this, [this] {
        m_jobs->pause(selectedRow());
        updateButtons();
    });
    connect(m_resume, &QPushButton::clicked, this, [this] {
        m_jobs->resume(selectedRow());
        updateButtons();
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_jobs->cancel(selectedRow());
        updateButtons();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &JobPanel::updateButtons);
    connect(jobs, &TaskListModel::dataChanged, this, &JobPanel::updateButtons);
    connect(jobs, &TaskListModel::rowsInserted, this, [this](const QModelIndex&, int, int last) {
        m_view->scrollTo(m_jobs->index(last, 0));
        updateButtons();
    });
    updateButtons();
}

int JobPanel::selectedRow() const {
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : rows.first().row();
}

void JobPanel::updateButtons() {
    const int row = selectedRow();
    m_pause->setEnabled(m_jobs->canPause(row));
    m_resume->setEnabled(m_jobs->canResume(row));
    m_cancel->setEnabled(m_jobs->canCancel(row));
}

} // namespace tidemark::ui
