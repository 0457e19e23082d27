CREATE TABLE `courier_updates` (
	`id` text PRIMARY KEY NOT NULL,
	`shipment_id` text NOT NULL,
	`courier_id` text,
	`status` text NOT NULL,
	`latitude` real,
	`longitude` real,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`shipment_id`) REFERENCES `shipments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`courier_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `shipments` ADD `courier_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `shipments` ADD `courier_day` text;--> statement-breakpoint
ALTER TABLE `shipments` ADD `courier_position` integer;--> statement-breakpoint
CREATE INDEX `shipments_courier_day` ON `shipments` (`courier_id`,`courier_day`,`courier_position`);