CREATE TABLE `mail_suppressions` (
	`email` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
DROP INDEX `outbox_status_next`;--> statement-breakpoint
ALTER TABLE `outbox` ADD `unsubscribe_url` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `handed_over_at` integer;--> statement-breakpoint
CREATE INDEX `outbox_status_created` ON `outbox` (`status`,`created_at`);--> statement-breakpoint
-- Mail the old cron gave up on waits for an admin, as dead mail does now.
UPDATE `outbox` SET `status` = 'dead' WHERE `status` = 'failed';
