#pragma once

#include "positionrow.h"

#include <QHash>
#include <QString>
#include <QUuid>
#include <set>
#include <vector>

namespace tidemark::positions {

// The CSV files of `positions thin-file`, as the coverage command reads them (the thinning helper's reader
// was not there yet when this was written; both follow issue 3's formats):
//   rows:   mower_id,observed_at,lat,lon,blades_on,rtk_fix,wifi_rssi,mnet_rssi   (empty = NULL)
//   errors: mower_id,observed_at,error_code
//   kept:   mower_id,observed_at,reasons
// Columns are found by name, so extra columns (speed_mps) are ignored. Errors name the file and line.
class CoverageCsv {
  public:
    // One track per mower, in order of first appearance; rows sorted by time (a duplicate instant is an
    // error).
    static std::vector<MowerTrack> readRows(const QString& path);
    // Adds the instants of rows with an error code to the matching tracks (sorted, unique).
    static void readErrors(const QString& path, std::vector<MowerTrack>& tracks);
    // The kept instants per mower.
    static QHash<QUuid, std::set<Micros>> readKept(const QString& path);
};

} // namespace tidemark::positions
