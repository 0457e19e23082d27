CREATE TABLE `shipment_import_rows` (
	`import_id` text NOT NULL,
	`line` integer NOT NULL,
	`cells` text NOT NULL,
	`errors` text,
	`shipment_id` text,
	PRIMARY KEY(`import_id`, `line`),
	FOREIGN KEY (`import_id`) REFERENCES `shipment_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `shipment_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`created_by` text NOT NULL,
	`owner_id` text,
	`file_name` text NOT NULL,
	`row_count` integer NOT NULL,
	`valid_count` integer NOT NULL,
	`created_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shipment_imports_expires` ON `shipment_imports` (`expires_at`);