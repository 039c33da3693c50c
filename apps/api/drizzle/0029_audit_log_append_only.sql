-- The audit log is append-only (ASVS 5.0 16.4.2): an entry cannot be changed, and rows go only through the
-- retention job (maintenance.prune), which says so with SET LOCAL app.audit_prune = 'on' in its transaction. The
-- one change allowed is the database's own ON DELETE SET NULL when an account or a client is deleted.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF current_setting('app.audit_prune', true) = 'on' THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'audit_log is append-only: entries are removed only by the retention job' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (to_jsonb(NEW) - 'actor_user_id' - 'client_id') = (to_jsonb(OLD) - 'actor_user_id' - 'client_id')
    AND (NEW.actor_user_id IS NULL OR NEW.actor_user_id = OLD.actor_user_id)
    AND (NEW.client_id IS NULL OR NEW.client_id = OLD.client_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: an entry cannot be changed' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE FUNCTION audit_log_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: it cannot be truncated' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_no_truncate();
