#include "datasetpanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace tidemark::ui {

DatasetPanel::DatasetPanel(QAbstractItemModel* model, int sortRole, QWidget* parent)
    : QWidget(parent), m_source(new QLabel(this)), m_summary(new QLabel(this)), m_message(new QLabel(this)),
      m_reload(new QPushButton(tr("Reload"), this)), m_stack(new QStackedWidget(this)),
      m_view(new QTableView(this)), m_proxy(new QSortFilterProxyModel(this)) {
    m_unfold = new QToolButton(this);
    m_unfold->setObjectName(QStringLiteral("unfoldButton"));
    m_unfold->setCheckable(true);
    m_unfold->setAutoRaise(true);
    m_unfold->setToolTip(tr("Show the table here too (the workbench in front shows these rows)"));
    m_source->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_source->setForegroundRole(QPalette::PlaceholderText);
    QFont summaryFont = m_summary->font();
    summaryFont.setBold(true);
    m_summary->setFont(summaryFont);
    m_summary->setWordWrap(true);
    m_message->setWordWrap(true);
    m_message->setAlignment(Qt::AlignLeft | Qt::AlignTop);
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
    header->addWidget(m_source);
    header->addWidget(m_unfold);
    header->addWidget(m_reload);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->addLayout(header);
    layout->addWidget(m_stack, 1);

    connect(m_reload, &QPushButton::clicked, this, &DatasetPanel::reloadRequested);
    connect(m_unfold, &QToolButton::toggled, this, &DatasetPanel::fold);
    setNotConnected({});
}

void DatasetPanel::setSource(const QString& source) {
    m_source->setText(source);
    m_source->setToolTip(source);
}

void DatasetPanel::showMessage(const QString& text) {
    // A server's message holds line breaks and tabs (libpq's "refused;\n\tIs the server…"): one paragraph
    // here.
    m_message->setText(text.simplified());
    m_stack->setCurrentWidget(m_message);
    fold();
}

void DatasetPanel::setCompact(bool compact) {
    m_compact = compact;
    fold();
}

bool DatasetPanel::showsTable() const {
    return m_stack->currentWidget() == m_view && (!m_compact || m_unfold->isChecked());
}

// Folded, the panel is its header line and no taller: the dock around it gives the rest to the workbench.
void DatasetPanel::fold() {
    const bool table = showsTable();
    m_stack->setVisible(table || m_stack->currentWidget() == m_message);
    m_unfold->setVisible(m_compact && m_stack->currentWidget() == m_view);
    m_unfold->setArrowType(table ? Qt::DownArrow : Qt::RightArrow);
    const QMargins margins = layout()->contentsMargins();
    const int headerHeight = layout()->itemAt(0)->sizeHint().height() + margins.top() + margins.bottom();
    if (m_compact && !table && m_stack->currentWidget() == m_message) {
        // Folded over a workbench, a message is as tall as its lines, so it does not push the workbench down.
        const int lines =
            m_message->heightForWidth(std::max(200, width() - margins.left() - margins.right()));
        setMaximumHeight(headerHeight + layout()->spacing() +
                         std::max(lines, m_message->fontMetrics().height()));
    } else if (m_stack->isVisibleTo(this)) {
        setMaximumHeight(QWIDGETSIZE_MAX);
    } else {
        setMaximumHeight(headerHeight);
    }
}

void DatasetPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (m_compact && m_stack->currentWidget() == m_message)
        fold(); // the message's lines follow the width
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
    fold();
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
