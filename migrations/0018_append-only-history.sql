-- A shipment's history is append-only (docs/decisions/150): an entry, once written, is never
-- changed, and goes only with its shipment (the cascade of a shipment's delete). Who made an
-- entry may still be forgotten when their account goes (actor_user_id is set null; the label stays).
CREATE TRIGGER tracking_events_append_only_update BEFORE UPDATE OF id, shipment_id, status, location, description, occurred_at, actor_label, created_at ON tracking_events
BEGIN
  SELECT RAISE(ABORT, 'tracking history is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER tracking_events_append_only_delete BEFORE DELETE ON tracking_events
WHEN EXISTS (SELECT 1 FROM shipments WHERE id = OLD.shipment_id)
BEGIN
  SELECT RAISE(ABORT, 'tracking history is append-only');
END;
