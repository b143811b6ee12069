-- Every change to a setting is announced on the channel jev_settings (the payload is its key), whoever makes it:
-- the instances of a fleet keep the settings they read on every turn (an agent's switches) and forget them on the announcement.
CREATE FUNCTION "jev_settings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jev_settings', CASE WHEN TG_OP = 'DELETE' THEN OLD."key" ELSE NEW."key" END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "settings_changed" AFTER INSERT OR UPDATE OR DELETE ON "settings" FOR EACH ROW EXECUTE FUNCTION "jev_settings_changed"();
--> statement-breakpoint
CREATE FUNCTION "jev_settings_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jev_settings', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "settings_emptied" AFTER TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "jev_settings_emptied"();
