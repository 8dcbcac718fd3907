-- A job's matched candidates, ranked once and kept (issue 16; lib/applications/candidate-rankings.ts).
-- Every driver within a job's reach was scored on every page to rank the first ten: at 100,000
-- drivers a thousand or more per job, about three times the demo seed's time. The ranking (each
-- candidate's points and stepped miles) is kept per job here and read in order from an index; the
-- exclusions that change without the profiles (applications, withdrawals, accounts switched off)
-- are applied when the page is read.
--
-- When a kept ranking is still right: the job's side is compared when the list is read (its match
-- fields and located addresses, candidate_ranking_states.inputs); the drivers' side by a version
-- of the map cells near the job. Any change of a profile field the ranking reads bumps the version
-- of the cell the home lies in, before and after (the triggers below): the list reads the sum of
-- the versions of the cells around the job, and ranks again when it differs from the one stored.
-- A bump commits with the profile's change, so a ranking can never be stored as newer than a change
-- it did not see. Cells are 4 degrees square (about 275 by 200 miles in the mainland), so that a
-- job's 255 miles of reach cover a handful of them.
CREATE FUNCTION tna_candidate_cell(lat double precision, lng double precision) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT floor((lat + 90) / 4)::int * 100 + mod(floor((lng + 180) / 4)::int, 90) $$;--> statement-breakpoint
CREATE TABLE candidate_cells (
  cell integer PRIMARY KEY,
  version bigint NOT NULL
);--> statement-breakpoint
CREATE TABLE candidate_ranking_states (
  job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  distance_limit boolean NOT NULL,
  inputs text NOT NULL,
  cells_version bigint NOT NULL,
  ranked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job_id, distance_limit)
);--> statement-breakpoint
-- No key of its own: a job's rows are replaced together under the job's lock, and the one index is
-- the order the list reads (points, then nearest, then the id), with the job first. The foreign key's
-- check, row by row, is a third of writing a ranking, but that write happens after the answer
-- (lib/applications/candidates.ts), and without it a deleted job (the scale set's reseed) left its
-- rows where nothing finds them.
CREATE TABLE candidate_rankings (
  job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  distance_limit boolean NOT NULL,
  user_id integer NOT NULL,
  points smallint NOT NULL,
  miles smallint NOT NULL
);--> statement-breakpoint
CREATE INDEX candidate_rankings_order_idx ON candidate_rankings (job_id, distance_limit, points DESC, miles, user_id);--> statement-breakpoint
-- One statement's changed homes bump their cells once each, in the cells' order (two profile writes
-- bumping the same two cells take them in one order: no deadlock). The fields compared are every
-- profile field the ranking reads (lib/applications/candidates.ts candidateRowsSql; a test changes
-- each one and expects the list to follow).
CREATE FUNCTION tna_candidate_cells_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO candidate_cells (cell, version)
      SELECT tna_candidate_cell(n.latitude, n.longitude), count(*) FROM new_rows n
      WHERE n.latitude IS NOT NULL AND n.longitude IS NOT NULL GROUP BY 1 ORDER BY 1
      ON CONFLICT (cell) DO UPDATE SET version = candidate_cells.version + excluded.version;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO candidate_cells (cell, version)
      SELECT tna_candidate_cell(o.latitude, o.longitude), count(*) FROM old_rows o
      WHERE o.latitude IS NOT NULL AND o.longitude IS NOT NULL GROUP BY 1 ORDER BY 1
      ON CONFLICT (cell) DO UPDATE SET version = candidate_cells.version + excluded.version;
  ELSE
    INSERT INTO candidate_cells (cell, version)
      SELECT tna_candidate_cell(h.lat, h.lng), count(*)
      FROM old_rows o FULL JOIN new_rows n ON n.user_id = o.user_id
      CROSS JOIN LATERAL (VALUES (o.latitude, o.longitude), (n.latitude, n.longitude)) AS h(lat, lng)
      WHERE h.lat IS NOT NULL AND h.lng IS NOT NULL
        AND (o.user_id IS NULL OR n.user_id IS NULL
          OR (o.latitude, o.longitude, o.travel_distance, o.cdl_status, o.endorsements, o.years_of_experience, o.experience, o.work_experiences, o.home_time)
            IS DISTINCT FROM (n.latitude, n.longitude, n.travel_distance, n.cdl_status, n.endorsements, n.years_of_experience, n.experience, n.work_experiences, n.home_time))
      GROUP BY 1 ORDER BY 1
      ON CONFLICT (cell) DO UPDATE SET version = candidate_cells.version + excluded.version;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER driver_profiles_candidate_cells_insert AFTER INSERT ON driver_profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tna_candidate_cells_bump();--> statement-breakpoint
CREATE TRIGGER driver_profiles_candidate_cells_update AFTER UPDATE ON driver_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tna_candidate_cells_bump();--> statement-breakpoint
CREATE TRIGGER driver_profiles_candidate_cells_delete AFTER DELETE ON driver_profiles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tna_candidate_cells_bump();--> statement-breakpoint
-- A truncation (tests, a restore) leaves no cell to bump: every kept ranking goes with it.
CREATE FUNCTION tna_candidate_rankings_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM candidate_ranking_states;
  DELETE FROM candidate_rankings;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER driver_profiles_candidate_rankings_truncate AFTER TRUNCATE ON driver_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION tna_candidate_rankings_clear();
