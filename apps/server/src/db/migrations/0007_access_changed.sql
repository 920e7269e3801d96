-- Every server process keeps its callers' access in memory; a change to what access is read from (roles, the
-- permission matrix, who holds which role, whether a user is active) tells them all on commit, so they drop it.
CREATE FUNCTION notify_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER role_permissions_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER roles_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER INSERT OR UPDATE OF "is_active", "subscriber_id" OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
