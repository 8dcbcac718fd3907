-- The applicant's sort keys on each application (lib/db/schema/marketplace.ts), so that one job's
-- applicants sorted by name, years of experience or owner-operator read an index in order instead of
-- sorting every applicant of the job. Triggers keep them equal to users and driver_profiles: filled
-- on insert, rewritten when the driver's name or profile changes.
ALTER TABLE "applications" ADD COLUMN "sort_last_name" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "sort_first_name" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "sort_years" smallint;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "sort_owner_operator" boolean;--> statement-breakpoint

UPDATE "applications" a SET "sort_last_name" = lower(u."last_name"), "sort_first_name" = lower(u."first_name"),
  "sort_years" = dp."years_of_experience", "sort_owner_operator" = dp."owner_operator"
FROM "users" u LEFT JOIN "driver_profiles" dp ON dp."user_id" = u."id"
WHERE u."id" = a."user_id";--> statement-breakpoint
CREATE INDEX "applications_job_name_idx" ON "applications" USING btree ("job_id","sort_last_name","sort_first_name","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_job_name_desc_idx" ON "applications" USING btree ("job_id","sort_last_name" DESC NULLS LAST,"sort_first_name" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_job_years_idx" ON "applications" USING btree ("job_id","sort_years","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_job_years_desc_idx" ON "applications" USING btree ("job_id","sort_years" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_job_owner_idx" ON "applications" USING btree ("job_id","sort_owner_operator","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_job_owner_desc_idx" ON "applications" USING btree ("job_id","sort_owner_operator" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Concurrent writers queue on the driver's users row, so no copy is left stale: a new application
-- takes it FOR SHARE before reading the values (a separate statement, so the read that follows sees
-- whatever a writer it waited for committed); a change of name or profile holds it FOR NO KEY UPDATE
-- (an UPDATE of users does by itself) before rewriting the copies, which then include an
-- application that committed while it waited. Without the lock, an application inserted while a
-- profile edit was in flight kept the old name or years for good.
CREATE OR REPLACE FUNCTION tna_application_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = NEW.user_id FOR SHARE;
  SELECT lower(u.last_name), lower(u.first_name), dp.years_of_experience, dp.owner_operator
    INTO NEW.sort_last_name, NEW.sort_first_name, NEW.sort_years, NEW.sort_owner_operator
    FROM users u LEFT JOIN driver_profiles dp ON dp.user_id = u.id WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER applications_sort_keys BEFORE INSERT OR UPDATE OF user_id, sort_last_name, sort_first_name, sort_years, sort_owner_operator ON applications
  FOR EACH ROW EXECUTE FUNCTION tna_application_sort_keys();--> statement-breakpoint
CREATE OR REPLACE FUNCTION tna_user_name_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications SET sort_last_name = lower(NEW.last_name), sort_first_name = lower(NEW.first_name) WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_application_sort_keys AFTER UPDATE OF first_name, last_name ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION tna_user_name_sort_keys();--> statement-breakpoint
CREATE OR REPLACE FUNCTION tna_profile_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM 1 FROM users WHERE id = OLD.user_id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM 1 FROM users WHERE id = NEW.user_id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE applications SET sort_years = NULL, sort_owner_operator = NULL WHERE user_id = OLD.user_id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    UPDATE applications SET sort_years = NULL, sort_owner_operator = NULL WHERE user_id = OLD.user_id;
  END IF;
  UPDATE applications SET sort_years = NEW.years_of_experience, sort_owner_operator = NEW.owner_operator WHERE user_id = NEW.user_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER driver_profiles_application_sort_keys AFTER INSERT OR DELETE ON driver_profiles
  FOR EACH ROW EXECUTE FUNCTION tna_profile_sort_keys();--> statement-breakpoint
CREATE TRIGGER driver_profiles_application_sort_keys_update AFTER UPDATE OF user_id, years_of_experience, owner_operator ON driver_profiles
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.years_of_experience IS DISTINCT FROM NEW.years_of_experience OR OLD.owner_operator IS DISTINCT FROM NEW.owner_operator)
  EXECUTE FUNCTION tna_profile_sort_keys();
