-- Within range (applications.within_range) is the distance measured when the driver applied against
-- the driver's travel distance as it is now, the basis of the applicant's match (its distance
-- factor and Match percent compare the same two). Written once when applying, it kept the travel
-- distance of that day: a driver who narrowed it showed "Within range: Yes" beside an unmet distance
-- factor, and the list's within-range filter and sort kept them in range. It stays a column, not an
-- expression over driver_profiles, because each within-range sort is read in order from its index
-- (applications_job_within_idx and _desc_idx). Kept like migration 0025's sort keys, under the same
-- lock of the driver's users row: set on insert and on a change of the distance, rewritten when the
-- profile's travel distance changes or the profile goes. 50 is DEFAULT_TRAVEL_MILES
-- (lib/drivers/match.ts), the travel distance assumed when the profile gives none.
CREATE OR REPLACE FUNCTION tna_application_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = NEW.user_id FOR SHARE;
  SELECT lower(u.last_name), lower(u.first_name), dp.years_of_experience, dp.owner_operator, NEW.distance_miles <= coalesce(dp.travel_distance, 50)
    INTO NEW.sort_last_name, NEW.sort_first_name, NEW.sort_years, NEW.sort_owner_operator, NEW.within_range
    FROM users u LEFT JOIN driver_profiles dp ON dp.user_id = u.id WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER applications_sort_keys ON applications;--> statement-breakpoint
CREATE TRIGGER applications_sort_keys BEFORE INSERT OR UPDATE OF user_id, distance_miles, within_range, sort_last_name, sort_first_name, sort_years, sort_owner_operator ON applications
  FOR EACH ROW EXECUTE FUNCTION tna_application_sort_keys();--> statement-breakpoint
CREATE OR REPLACE FUNCTION tna_profile_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM 1 FROM users WHERE id = OLD.user_id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM 1 FROM users WHERE id = NEW.user_id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE applications SET sort_years = NULL, sort_owner_operator = NULL, within_range = distance_miles <= 50 WHERE user_id = OLD.user_id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    UPDATE applications SET sort_years = NULL, sort_owner_operator = NULL, within_range = distance_miles <= 50 WHERE user_id = OLD.user_id;
  END IF;
  UPDATE applications SET sort_years = NEW.years_of_experience, sort_owner_operator = NEW.owner_operator, within_range = distance_miles <= coalesce(NEW.travel_distance, 50)
    WHERE user_id = NEW.user_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER driver_profiles_application_sort_keys_update ON driver_profiles;--> statement-breakpoint
CREATE TRIGGER driver_profiles_application_sort_keys_update AFTER UPDATE OF user_id, years_of_experience, owner_operator, travel_distance ON driver_profiles
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.years_of_experience IS DISTINCT FROM NEW.years_of_experience OR OLD.owner_operator IS DISTINCT FROM NEW.owner_operator
    OR OLD.travel_distance IS DISTINCT FROM NEW.travel_distance)
  EXECUTE FUNCTION tna_profile_sort_keys();--> statement-breakpoint
-- The flags already stale: only the applications of drivers who changed their travel distance since applying.
UPDATE applications a SET within_range = a.distance_miles <= coalesce(dp.travel_distance, 50)
FROM users u LEFT JOIN driver_profiles dp ON dp.user_id = u.id
WHERE u.id = a.user_id AND a.within_range IS DISTINCT FROM (a.distance_miles <= coalesce(dp.travel_distance, 50));
