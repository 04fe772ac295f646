-- The density overview per activity (TrackDensity, as track_density), so that the map's far zooms show the
-- tracks of the activities the workbench's filter leaves: a filtered density is the sum of the checked
-- activities' tiles. Kept by import and retention with track_density; tracks init rebuilds both from the tracks
-- of a file migrated to this version. A rowid table, not WITHOUT ROWID as track_density: its rows are tiles of
-- kilobytes, which SQLite keeps in less space so (19.3 MB against 27.3 MB on the demo's file).
CREATE TABLE track_density_activity (
    activity TEXT    NOT NULL,
    zoom     INTEGER NOT NULL,
    tile_x   INTEGER NOT NULL,
    tile_y   INTEGER NOT NULL,
    pixels   BLOB    NOT NULL,
    PRIMARY KEY (activity, zoom, tile_x, tile_y)
);
