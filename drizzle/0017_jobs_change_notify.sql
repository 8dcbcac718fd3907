-- A company's job list (lib/jobs/search.ts) reads jobs, job_addresses, job_tags, company_tags and
-- applications. Any change to them is announced on the channel tna_jobs_change, once per statement;
-- each server process forgets the job lists it remembered (lib/db/change-watch.ts).
CREATE OR REPLACE FUNCTION tna_jobs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tna_jobs_change', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER jobs_jobs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON jobs FOR EACH STATEMENT EXECUTE FUNCTION tna_jobs_changed();--> statement-breakpoint
CREATE TRIGGER job_addresses_jobs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON job_addresses FOR EACH STATEMENT EXECUTE FUNCTION tna_jobs_changed();--> statement-breakpoint
CREATE TRIGGER job_tags_jobs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON job_tags FOR EACH STATEMENT EXECUTE FUNCTION tna_jobs_changed();--> statement-breakpoint
CREATE TRIGGER company_tags_jobs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company_tags FOR EACH STATEMENT EXECUTE FUNCTION tna_jobs_changed();--> statement-breakpoint
CREATE TRIGGER applications_jobs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON applications FOR EACH STATEMENT EXECUTE FUNCTION tna_jobs_changed();
