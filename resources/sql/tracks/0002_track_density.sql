-- The density overview of the map's far zooms (TrackDensity): per zoom level and 256-pixel Web Mercator tile,
-- the tracks passing through each pixel (the non-zero pixels as varint pairs). Kept by import and retention;
-- tracks init rebuilds it from the tracks of a file migrated to this version.
CREATE TABLE track_density (
    zoom   INTEGER NOT NULL,
    tile_x INTEGER NOT NULL,
    tile_y INTEGER NOT NULL,
    pixels BLOB    NOT NULL,
    PRIMARY KEY (zoom, tile_x, tile_y)
) WITHOUT ROWID;
