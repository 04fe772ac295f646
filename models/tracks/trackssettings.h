#pragma once

#include "tracksourcelist.h"
#include "tracksretainjob.h"

#include <QString>

namespace tidemark {
class SettingsReader;
}

namespace tidemark::tracks {

// The settings of the tracks dataset (spec/tracks.md), validated on read; the CLI reads them in app/ and the
// console's wiring passes them to TracksDataset as a value.
struct TracksSettings {
    static constexpr int kDefaultRetentionYears = TracksRetainRequest::kDefaultRetentionYears;
    // GPS_TRACKS_RETENTION_YEARS, within TracksRetainRequest::kRetentionYears
    int retentionYears = kDefaultRetentionYears;
    QString sourcesPath;                               // GPS_SOURCES_CONFIG; empty: the demo's three sources
    TrackSourceList sources = TrackSourceList::demo(); // the file sourcesPath names, read

    // Throws Error(Settings) naming the first bad setting (a sources file that cannot be read or parsed names
    // GPS_SOURCES_CONFIG, the file and the line).
    static TracksSettings read(const SettingsReader& reader);
    // GPS_TRACKS_RETENTION_YEARS alone (what a retention run needs).
    static int retentionYearsFrom(const SettingsReader& reader);
    // The sources file `path` (GPS_SOURCES_CONFIG or the CLI's --sources, named by `setting` in errors).
    static TrackSourceList sourcesFrom(const QString& path, const QString& setting);
};

} // namespace tidemark::tracks
