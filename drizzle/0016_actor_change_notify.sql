-- Who-is-calling reads users, user_roles and refresh_tokens (lib/auth/actor.ts). Any change to them
-- is announced on the channel tna_actor_change, once per statement; the embedded database's process
-- listens and forgets every actor it remembered (lib/auth/actor-cache.ts), before the writer's own
-- statement has even returned.
CREATE OR REPLACE FUNCTION tna_actor_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tna_actor_change', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_actor_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION tna_actor_changed();--> statement-breakpoint
CREATE TRIGGER user_roles_actor_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION tna_actor_changed();--> statement-breakpoint
CREATE TRIGGER refresh_tokens_actor_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON refresh_tokens FOR EACH STATEMENT EXECUTE FUNCTION tna_actor_changed();
