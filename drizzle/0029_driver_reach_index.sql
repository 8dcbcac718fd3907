-- Each driver's reach as a box: around the home's grid point, as far as the driver travels (at most
-- the candidates' 250-mile radius, 50 miles when the profile does not say, and a mile over). A job's
-- candidates within travel distance (distance_limit=true, the candidates screen) are the drivers
-- whose box holds one of the job's addresses, found through this index; the 250-mile box around the
-- address read every driver within 250 miles, two in three of whom travel less far (at 100,000
-- drivers: 5,736 profiles read for 1,582 candidates, now 2,486). The expression is
-- lib/applications/candidates.ts reachBox's, word for word; a plan test keeps the list on it.
CREATE INDEX "driver_profiles_reach_idx" ON "driver_profiles" USING gist (earth_box(grid_earth, (least(250, coalesce(travel_distance, 50)) + 1) * 1609.344::float8));
