#pragma once

#include "disputerows.h"

#include <QAbstractTableModel>

namespace tidemark::kudos {

// The user's ledger rows of a dispute: a Source column (archive, online, both), then the ledger's columns
// as the archive's CSV has them. Exports what it holds as CSV.
class DisputeRowsModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    static constexpr int SourceColumn = 0;
    static constexpr int SortRole = Qt::UserRole + 1;
    static constexpr int ToneRole = Qt::UserRole + 2; // as CoveringObjectModel's: NULL is Muted

    explicit DisputeRowsModel(QObject* parent = nullptr);
    void setRows(DisputeRows rows);
    void clear() { setRows({}); }
    const DisputeRows& rows() const { return m_rows; }
    // Sum of `amount` in cents over the rows of one account (escrow 't' or not).
    qint64 totalCents(bool escrow) const;

    // Writes the rows as CSV (header with the ledger's columns and "source", values as the archive writes
    // them, NULL as an empty field). Throws Error(Failed) naming the file when it cannot be written; a
    // failed write leaves no partial file. Returns the data rows written.
    qint64 writeCsv(const QString& path) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    QString sourceName(DisputeRows::Source source) const;

    DisputeRows m_rows;
    int m_amountColumn = -1;
    int m_escrowColumn = -1;
};

} // namespace tidemark::kudos
