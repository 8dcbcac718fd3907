-- IF NOT EXISTS: this migration was first journaled with a time before 0017's, so a database that had
-- 0017 skipped it; now journaled after 0017, it runs there, and again (harmlessly) where it had run.
CREATE INDEX IF NOT EXISTS "jobs_list_boosted_posted_idx" ON "jobs" USING btree ("boost_active",coalesce("posting_date", "created_at"),"id");