CREATE TABLE `sign_in_failures` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`last_failure_at` integer NOT NULL,
	`blocked_until` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `status` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `token_hash` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `token_expires_at` integer;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirmed_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_token_hash_unique` ON `newsletter_subscribers` (`token_hash`);--> statement-breakpoint
-- Addresses stored before double opt-in were welcomed already: they count as confirmed.
UPDATE `newsletter_subscribers` SET `status` = 'confirmed', `confirmed_at` = `created_at`;
