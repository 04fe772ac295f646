#include "disputerowsmodel.h"

#include "coveringobjectmodel.h"
#include "csvrecordwriter.h"
#include "error.h"
#include "kudosvalues.h"

#include <QSaveFile>

namespace tidemark::kudos {

DisputeRowsModel::DisputeRowsModel(QObject* parent) : QAbstractTableModel(parent) {}

void DisputeRowsModel::setRows(DisputeRows rows) {
    beginResetModel();
    m_rows = std::move(rows);
    m_amountColumn = int(m_rows.columns.indexOf(QStringLiteral("amount")));
    m_escrowColumn = int(m_rows.columns.indexOf(QStringLiteral("escrow")));
    endResetModel();
}

qint64 DisputeRowsModel::totalCents(bool escrow) const {
    if (m_amountColumn < 0)
        return 0;
    qint64 sum = 0;
    for (const QStringList& row : m_rows.rows) {
        const bool isEscrow = m_escrowColumn >= 0 && row[m_escrowColumn] == QLatin1String("t");
        if (isEscrow == escrow && !row[m_amountColumn].isNull())
            sum += centsFromText(row[m_amountColumn]);
    }
    return sum;
}

QString DisputeRowsModel::sourceName(DisputeRows::Source source) const {
    switch (source) {
    case DisputeRows::Source::Archive:
        return tr("archive");
    case DisputeRows::Source::Online:
        return tr("online");
    case DisputeRows::Source::Both:
        return tr("archive + online");
    }
    return {};
}

qint64 DisputeRowsModel::writeCsv(const QString& path) const {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        throw Error(Error::Kind::Failed, QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    static const char* const kSources[] = {"archive", "online", "both"};
    file.write(archive::csvRecord(QStringList(m_rows.columns) << QStringLiteral("source")));
    for (std::size_t i = 0; i < m_rows.rows.size(); ++i)
        file.write(archive::csvRecord(QStringList(m_rows.rows[i])
                                      << QString::fromLatin1(kSources[int(m_rows.sources[i])])));
    if (!file.commit())
        throw Error(Error::Kind::Failed, QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    return qint64(m_rows.rows.size());
}

int DisputeRowsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.rows.size());
}

int DisputeRowsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || m_rows.columns.isEmpty() ? 0 : int(m_rows.columns.size()) + 1;
}

QVariant DisputeRowsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const std::size_t row = std::size_t(index.row());
    if (index.column() == SourceColumn)
        return role == Qt::DisplayRole || role == SortRole ? QVariant(sourceName(m_rows.sources[row]))
                                                           : QVariant();
    const int column = index.column() - 1;
    const QString& value = m_rows.rows[row][column];
    switch (role) {
    case Qt::DisplayRole:
        return value.isNull() ? QStringLiteral("NULL") : value;
    case SortRole:
        if (column == m_amountColumn && !value.isNull())
            return centsFromText(value);
        if (m_rows.columns[column] == QLatin1String("id") ||
            m_rows.columns[column] == QLatin1String("user_id"))
            return value.toLongLong();
        return value;
    case ToneRole:
        return int(value.isNull() ? CoveringObjectModel::Tone::Muted : CoveringObjectModel::Tone::Normal);
    case Qt::TextAlignmentRole:
        return column == m_amountColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    default:
        return {};
    }
}

QVariant DisputeRowsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    if (section == SourceColumn)
        return tr("Source");
    return m_rows.columns.value(section - 1);
}

} // namespace tidemark::kudos
