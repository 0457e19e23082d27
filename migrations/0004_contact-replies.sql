-- Contact messages get a read state and one stored reply with its author (issue 12).
-- drizzle-kit leaves ON DELETE out of ALTER TABLE ... REFERENCES; it is written here by hand.
ALTER TABLE `contact_messages` ADD `read_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `reply` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `replied_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `replied_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `replied_by_name` text;--> statement-breakpoint
CREATE INDEX `contact_messages_read_created` ON `contact_messages` (`read_at`,`created_at`);