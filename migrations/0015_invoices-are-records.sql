PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`shipment_id` text,
	`shipment_snapshot` text,
	`user_id` text,
	`issuer_name` text DEFAULT '' NOT NULL,
	`issuer_address` text DEFAULT '' NOT NULL,
	`issuer_phone` text DEFAULT '' NOT NULL,
	`issuer_tax_number` text DEFAULT '' NOT NULL,
	`currency` text NOT NULL,
	`base_currency` text DEFAULT 'USD' NOT NULL,
	`exchange_rate` real,
	`exchange_rate_set_at` integer,
	`line_items` text NOT NULL,
	`subtotal` integer NOT NULL,
	`tax_rate_bp` integer DEFAULT 0 NOT NULL,
	`tax` integer DEFAULT 0 NOT NULL,
	`total` integer NOT NULL,
	`status` text DEFAULT 'unpaid' NOT NULL,
	`issued_at` integer NOT NULL,
	`paid_at` integer,
	`status_changed_at` integer,
	`status_changed_by` text,
	`status_changed_by_name` text,
	FOREIGN KEY (`shipment_id`) REFERENCES `shipments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`status_changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
-- Invoices issued before the issuer was stored on them get the settings of today: the best record there is.
INSERT INTO `__new_invoices`("id", "number", "shipment_id", "user_id", "currency", "base_currency", "exchange_rate", "exchange_rate_set_at", "line_items", "subtotal", "tax_rate_bp", "tax", "total", "status", "issued_at", "paid_at", "status_changed_at", "status_changed_by", "status_changed_by_name", "issuer_name", "issuer_address", "issuer_phone") SELECT `invoices`."id", `invoices`."number", `invoices`."shipment_id", `invoices`."user_id", `invoices`."currency", `invoices`."base_currency", `invoices`."exchange_rate", `invoices`."exchange_rate_set_at", `invoices`."line_items", `invoices`."subtotal", `invoices`."tax_rate_bp", `invoices`."tax", `invoices`."total", `invoices`."status", `invoices`."issued_at", `invoices`."paid_at", `invoices`."status_changed_at", `invoices`."status_changed_by", `invoices`."status_changed_by_name", coalesce(`settings`.`company_name`, ''), coalesce(`settings`.`support_address`, ''), coalesce(`settings`.`support_phone`, '') FROM `invoices` LEFT JOIN `settings` ON `settings`.`id` = 1;--> statement-breakpoint
DROP TABLE `invoices`;--> statement-breakpoint
ALTER TABLE `__new_invoices` RENAME TO `invoices`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_shipment_unique` ON `invoices` (`shipment_id`);--> statement-breakpoint
CREATE INDEX `invoices_user_issued` ON `invoices` (`user_id`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_status_issued` ON `invoices` (`status`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_issued` ON `invoices` (`issued_at`);--> statement-breakpoint
ALTER TABLE `settings` ADD `tax_number` text DEFAULT '' NOT NULL;