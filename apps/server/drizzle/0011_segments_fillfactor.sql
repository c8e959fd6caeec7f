-- Room on every segments page for a new row version: a retrieval's hit-count update then stays a
-- HOT update (no index entry), instead of adding every word of the passage to the GIN index's
-- pending list, which each full-text query scans linearly until VACUUM empties it (at 100k
-- segments, 1,600 pending rows doubled retrieval's p50 on PostgreSQL). Pages written from now on.
ALTER TABLE "segments" SET (fillfactor = 80);
