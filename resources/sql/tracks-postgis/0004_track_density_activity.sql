-- The density overview per activity, as in the file (resources/sql/tracks/0004). tracks init rebuilds both
-- overviews of a store that holds tracks when it migrates it to this version.
CREATE TABLE track_density_activity (
    activity text    NOT NULL,
    zoom     integer NOT NULL,
    tile_x   integer NOT NULL,
    tile_y   integer NOT NULL,
    pixels   bytea   NOT NULL,
    PRIMARY KEY (activity, zoom, tile_x, tile_y)
);
