#include "datasetpanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace tidemark::ui {

DatasetPanel::DatasetPanel(QAbstractItemModel* model, int sortRole, QWidget* parent)
    : QWidget(parent), m_source(new QLabel(this)), m_summary(new QLabel(this)), m_message(new QLabel(this)),
      m_reload(new QPushButton(tr("Reload"), this)), m_stack(new QStackedWidget(this)),
      m_view(new QTableView(this)), m_proxy(new QSortFilterProxyModel(this)) {
    m_source->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_source->setForegroundRole(QPalette::PlaceholderText);
    QFont summaryFont = m_summary->font();
    summaryFont.setBold(true);
    m_summary->setFont(summaryFont);
    m_summary->setWordWrap(true);
    m_message->setWordWrap(true);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_reload->setToolTip(tr("Load this dataset again"));

    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(sortRole);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // the model's own order until the user sorts
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setWordWrap(false);

    m_stack->addWidget(m_message);
    m_stack->addWidget(m_view);

    auto* header = new QHBoxLayout;
    header->addWidget(m_summary, 1);
    header->addWidget(m_reload);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(header);
    layout->addWidget(m_source);
    layout->addWidget(m_stack, 1);

    connect(m_reload, &QPushButton::clicked, this, &DatasetPanel::reloadRequested);
    setNotConnected({});
}

void DatasetPanel::setSource(const QString& source) {
    m_source->setText(source);
    m_source->setToolTip(source);
}

void DatasetPanel::showMessage(const QString& text) {
    m_message->setText(text);
    m_stack->setCurrentWidget(m_message);
}

void DatasetPanel::setNotConnected(const QString& hint) {
    m_state = State::NotConnected;
    m_reload->setEnabled(false);
    m_summary->setText(tr("Not connected"));
    m_source->clear();
    showMessage(hint.isEmpty() ? tr("Use File › Connect… or File › Open demo workspace.") : hint);
}

void DatasetPanel::setLoading() {
    m_state = State::Loading;
    m_reload->setEnabled(false);
    m_summary->setText(tr("Loading…"));
    if (m_proxy->rowCount() == 0)
        showMessage(tr("Loading…"));
}

void DatasetPanel::setLoaded(const QString& summary) {
    m_state = State::Loaded;
    m_reload->setEnabled(true);
    m_summary->setText(summary);
    m_stack->setCurrentWidget(m_view);
}

void DatasetPanel::setFailed(const QString& message) {
    m_state = State::Failed;
    m_reload->setEnabled(true);
    m_summary->setText(tr("Loading failed"));
    showMessage(message);
}

QString DatasetPanel::summaryText() const {
    return m_summary->text();
}

QString DatasetPanel::messageText() const {
    return m_message->text();
}

} // namespace tidemark::ui
