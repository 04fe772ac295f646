#pragma once

#include "disputefindings.h"

#include <QAbstractTableModel>
#include <QSet>
#include <QStringList>
#include <vector>

namespace tidemark::kudos {

// The archive objects that cover a dispute's range, with the user's share of each (from the manifest),
// whether the partition is still online, the last verification, the last restore drill and whether the
// object is in the restore file.
class CoveringObjectModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        ObjectColumn,
        RangeColumn,
        VerificationColumn,
        DrillColumn,
        RestoredColumn,
        UserRowsColumn,
        UserBalanceColumn,
        UserEscrowColumn,
        RowsColumn,
        SizeColumn,
        PartitionColumn,
        ColumnCount
    };
    enum class Check { NotChecked, Checking, Passed, Failed };
    // What read the object back: Verify, or the verification a restore or a drill makes first.
    enum class Checker { Verify, Restore, Drill };
    struct Verification {
        Check check = Check::NotChecked;
        Checker by = Checker::Verify;
        QStringList problems;
        qint64 rows = 0; // the rows the object held as read
        Micros checkedAt = 0;
        bool online = false; // also checked against the online partition
    };
    static constexpr int SortRole = Qt::UserRole + 1;
    static constexpr int ToneRole = Qt::UserRole + 2; // int(Tone): how the console colours the cell
    enum class Tone { Normal, Good, Bad, Muted };

    explicit CoveringObjectModel(QObject* parent = nullptr);
    void setObjects(std::vector<CoveringObject> objects); // keeps the verifications of keys still listed
    void setVerification(const QString& key, const Verification& verification);
    void setDrill(const QString& key, const DrillRecord& drill); // the object's last drill (when listed)
    void setRestoredKeys(const QSet<QString>& keys);
    const std::vector<CoveringObject>& objects() const { return m_objects; }
    const CoveringObject* object(const QString& key) const;
    Verification verification(const QString& key) const { return m_verifications.value(key); }
    bool isRestored(const QString& key) const { return m_restored.contains(key); }
    int rowOf(const QString& key) const; // -1 when not listed
    // A drill's time as the console shows it: "2026-12-03 07:40" (UTC).
    static QString drillTimeText(Micros t);
    // When and by what a verification was made: "checked 2026-12-03T07:40:00Z by a restore"; "" when never.
    static QString checkedText(const Verification& verification);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    QVariant display(const CoveringObject& object, int column) const;
    QVariant drillToolTip(const CoveringObject& object) const;
    void rowChanged(int row);

    std::vector<CoveringObject> m_objects;
    QHash<QString, Verification> m_verifications;
    QSet<QString> m_restored;
};

} // namespace tidemark::kudos
