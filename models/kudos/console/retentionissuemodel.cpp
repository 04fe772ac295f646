#include "retentionissuemodel.h"

#include "displayformat.h"
#include <QLocale>

namespace tidemark::kudos {

RetentionIssueModel::RetentionIssueModel(QObject* parent) : QAbstractTableModel(parent) {}

void RetentionIssueModel::setIncidents(std::vector<RetentionIncident> incidents) {
    beginResetModel();
    m_incidents = std::move(incidents);
    endResetModel();
}

void RetentionIssueModel::setAlerts(std::vector<RetentionAlert> alerts) {
    beginResetModel();
    m_alerts = std::move(alerts);
    endResetModel();
}

QString RetentionIssueModel::causeText(RetentionAlert::Cause cause) {
    switch (cause) {
    case RetentionAlert::Cause::ArchiveUnavailable:
        return tr("archive unavailable");
    case RetentionAlert::Cause::OverBudget:
        return tr("over budget");
    case RetentionAlert::Cause::VerificationFailed:
        return tr("verification failed");
    case RetentionAlert::Cause::UnappliedRows:
        return tr("unapplied rows");
    case RetentionAlert::Cause::ReplacementMismatch:
        return tr("rows differ from their replacement");
    case RetentionAlert::Cause::DrillOverdue:
        return tr("restore drill overdue");
    case RetentionAlert::Cause::Failed:
        return tr("failed");
    }
    return {};
}

int RetentionIssueModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_alerts.size() + m_incidents.size());
}

int RetentionIssueModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RetentionIssueModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const std::size_t row = std::size_t(index.row());
    const bool alert = row < m_alerts.size();
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const RetentionDataset dataset =
        alert ? m_alerts[row].dataset : m_incidents[row - m_alerts.size()].dataset;
    switch (index.column()) {
    case KindColumn:
        return alert ? tr("Alert: %1").arg(causeText(m_alerts[row].cause)) : tr("Incident");
    case DatasetColumn:
        return dataset == RetentionDataset::Currency ? tr("currency") : tr("statistics");
    case WhatColumn: {
        if (alert)
            return m_alerts[row].message;
        const RetentionIncident& i = m_incidents[row - m_alerts.size()];
        const auto utc = [](Micros t) { return display::instant(t); };
        if (i.kind == RetentionIncident::Kind::ReplacementMismatch)
            return tr("%1 [%2, %3) was not dropped (since %4): %5")
                .arg(i.partition, utc(i.lo), utc(i.hi), utc(i.recordedAt), i.detail);
        return tr("%Ln unapplied row(s) in %1 older than the window, the oldest from %2", "", int(i.rows))
            .arg(i.partition, utc(i.oldest));
    }
    }
    return {};
}

QVariant RetentionIssueModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KindColumn:
        return tr("Kind");
    case DatasetColumn:
        return tr("Dataset");
    case WhatColumn:
        return tr("What");
    }
    return {};
}

} // namespace tidemark::kudos
