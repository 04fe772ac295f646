#pragma once

#include "retentionreport.h"

#include <QAbstractTableModel>

namespace tidemark::kudos {

// Incidents (unapplied rows older than the window) and alerts (why a dataset's retention stopped), one row
// each: the alerts of the last round, or of the archive when the load could not use it.
class RetentionIssueModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { KindColumn, DatasetColumn, WhatColumn, ColumnCount };

    explicit RetentionIssueModel(QObject* parent = nullptr);
    void setIncidents(std::vector<RetentionIncident> incidents);
    void setAlerts(std::vector<RetentionAlert> alerts);
    const std::vector<RetentionIncident>& incidents() const { return m_incidents; }
    const std::vector<RetentionAlert>& alerts() const { return m_alerts; }
    static QString causeText(RetentionAlert::Cause cause);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    std::vector<RetentionAlert> m_alerts; // listed first
    std::vector<RetentionIncident> m_incidents;
};

} // namespace tidemark::kudos
