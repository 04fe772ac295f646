#pragma once

#include "positionrow.h"

#include <QHash>
#include <QString>
#include <QUuid>
#include <set>
#include <vector>

namespace tidemark::positions {

// The CSV files of `positions thin-file` and `positions coverage` (issue 3):
//   rows:   mower_id,observed_at,lat,lon,blades_on,rtk_fix,wifi_rssi,mnet_rssi
//   errors: mower_id,observed_at,error_code
//   kept:   mower_id,observed_at,reasons           (thin-file's output; reasons are not read)
// observed_at is ISO-8601 UTC with up to microseconds; blades_on is true/false (t/f, psql's form, too); an
// empty field is NULL where the column allows it. Columns are found by name in the header, so their order is
// free and extra columns (speed_mps) are ignored; every line has as many fields as the header. Fields are
// trimmed and may be wrapped in double quotes. Blank lines are skipped but counted.
//
// Errors: a file that cannot be opened is Connection; anything wrong in it is Usage, with a message that
// names the file and line and, for a bad value, the column's number and name:
//   rows.csv line 7 column 5 (blades_on): bad value "maybe", expected true or false
class PositionsCsv {
  public:
    // One row of the rows file as it stood there: its mower_id and observed_at text, echoed unchanged by
    // thin-file, and where its position went.
    struct InputRow {
        QString mowerIdText;
        QString observedAtText;
        std::size_t track = 0; // index into tracks()
        int line = 0;
    };

    // Reads a rows file; two rows of one mower at the same instant are an error.
    static PositionsCsv readRows(const QString& path);
    // The kept instants per mower of a kept file.
    static QHash<QUuid, std::set<Micros>> readKept(const QString& path);

    // Adds the instants of the errors file's rows with an error code to the tracks of their mowers (sorted,
    // unique); rows without a code, and mowers without a track, are skipped.
    void readErrors(const QString& path);

    // Every row in input order.
    const std::vector<InputRow>& inputRows() const { return m_inputRows; }
    // One track per mower in order of first appearance, rows sorted by time.
    const std::vector<MowerTrack>& tracks() const { return m_tracks; }
    // Parallel to tracks()[track].rows: the index into inputRows() of each row.
    const std::vector<std::size_t>& inputIndices(std::size_t track) const { return m_inputIndices[track]; }

  private:
    std::vector<InputRow> m_inputRows;
    std::vector<MowerTrack> m_tracks;
    std::vector<std::vector<std::size_t>> m_inputIndices;
    QHash<QUuid, std::size_t> m_trackOf;
};

} // namespace tidemark::positions
