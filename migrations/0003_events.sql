CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`actor_user_id` text,
	`actor_email` text,
	`data` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `events_entity` ON `events` (`entity_type`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `events_type_created` ON `events` (`type`,`created_at`);--> statement-breakpoint
-- The audit log's rows become events of the same moment and author.
INSERT INTO `events` (`id`, `type`, `entity_type`, `entity_id`, `actor_user_id`, `actor_email`, `data`, `created_at`)
SELECT `id`,
  CASE `entity_type` || ':' || `action`
    WHEN 'shipment:create' THEN 'shipment.created'
    WHEN 'shipment:edit' THEN 'shipment.updated'
    WHEN 'shipment:status' THEN 'shipment.status_changed'
    WHEN 'shipment:location' THEN 'shipment.location_changed'
    WHEN 'shipment:delete' THEN 'shipment.deleted'
    WHEN 'user:password-change' THEN 'account.password_changed'
    WHEN 'user:password-reset' THEN 'account.password_reset'
    WHEN 'user:deletion-request' THEN 'account.deletion_requested'
    ELSE `entity_type` || '.' || `action`
  END,
  `entity_type`, `entity_id`, `actor_user_id`, `actor_email`,
  CASE `action`
    WHEN 'edit' THEN json_object('changes', json(coalesce(`changes`, '{}')))
    WHEN 'status' THEN json_object('from', json_extract(`changes`, '$.status.from'), 'to', json_extract(`changes`, '$.status.to'), 'customDestination', json_extract(`changes`, '$.customDestination.to'))
    WHEN 'location' THEN json_object('from', json_extract(`changes`, '$.currentLocation.from'), 'to', json_extract(`changes`, '$.currentLocation.to'))
    ELSE coalesce(`changes`, '{}')
  END,
  `created_at`
FROM `audit_log`;--> statement-breakpoint
DROP TABLE `audit_log`;--> statement-breakpoint
ALTER TABLE `outbox` ADD `event_id` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `channel` text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
CREATE INDEX `outbox_event` ON `outbox` (`event_id`);