CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_user_id` text,
	`actor_email` text,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`changes` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_entity` ON `audit_log` (`entity_type`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `chat_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text DEFAULT 'Anonymous' NOT NULL,
	`message_count` integer DEFAULT 0 NOT NULL,
	`last_message` text,
	`needs_response` integer DEFAULT false NOT NULL,
	`has_admin_response` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `chat_sessions_needs_updated` ON `chat_sessions` (`needs_response`,`updated_at`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`type` text DEFAULT 'general' NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`shipment_id` text NOT NULL,
	`user_id` text,
	`currency` text NOT NULL,
	`line_items` text NOT NULL,
	`subtotal` integer NOT NULL,
	`tax_rate_bp` integer DEFAULT 0 NOT NULL,
	`tax` integer DEFAULT 0 NOT NULL,
	`total` integer NOT NULL,
	`status` text DEFAULT 'unpaid' NOT NULL,
	`issued_at` integer NOT NULL,
	`paid_at` integer,
	FOREIGN KEY (`shipment_id`) REFERENCES `shipments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_shipment_unique` ON `invoices` (`shipment_id`);--> statement-breakpoint
CREATE INDEX `invoices_user_issued` ON `invoices` (`user_id`,`issued_at`);--> statement-breakpoint
CREATE TABLE `newsletter_subscribers` (
	`email` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_status_next` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_to_created` ON `outbox` (`to_address`,`created_at`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`key`, `window_start`)
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`persistent` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`company_name` text NOT NULL,
	`tracking_prefix` text NOT NULL,
	`support_email` text NOT NULL,
	`support_phone` text NOT NULL,
	`support_address` text NOT NULL,
	`default_currency` text DEFAULT 'USD' NOT NULL,
	`tax_rate_bp` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shipment_drafts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`step` integer DEFAULT 1 NOT NULL,
	`data` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `shipment_packages` (
	`shipment_id` text NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`weight_kg` real NOT NULL,
	`length_cm` real NOT NULL,
	`width_cm` real NOT NULL,
	`height_cm` real NOT NULL,
	`value` integer NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`shipment_id`, `position`),
	FOREIGN KEY (`shipment_id`) REFERENCES `shipments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `shipments` (
	`id` text PRIMARY KEY NOT NULL,
	`tracking_id` text NOT NULL,
	`user_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`sender_name` text NOT NULL,
	`sender_email` text,
	`sender_phone` text,
	`sender_company` text,
	`sender_address` text,
	`sender_city` text NOT NULL,
	`sender_state` text,
	`sender_country` text NOT NULL,
	`sender_zip_code` text,
	`recipient_name` text NOT NULL,
	`recipient_email` text,
	`recipient_phone` text,
	`recipient_company` text,
	`recipient_address` text,
	`recipient_city` text NOT NULL,
	`recipient_state` text,
	`recipient_country` text NOT NULL,
	`recipient_zip_code` text,
	`service_type` text DEFAULT 'standard' NOT NULL,
	`package_type` text DEFAULT 'package' NOT NULL,
	`delivery_option` text DEFAULT 'standard' NOT NULL,
	`insurance` integer DEFAULT false NOT NULL,
	`signature_required` integer DEFAULT false NOT NULL,
	`description` text,
	`weight_kg` real DEFAULT 0 NOT NULL,
	`length_cm` real,
	`width_cm` real,
	`height_cm` real,
	`currency` text DEFAULT 'USD' NOT NULL,
	`declared_value` integer DEFAULT 0 NOT NULL,
	`cost` integer DEFAULT 0 NOT NULL,
	`cost_breakdown` text,
	`special_instructions` text,
	`reference_number` text,
	`notes` text,
	`estimated_delivery` integer,
	`actual_delivery` integer,
	`custom_delivery_days` text,
	`current_location` text,
	`custom_destination` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipments_tracking_id_unique` ON `shipments` (`tracking_id`);--> statement-breakpoint
CREATE INDEX `shipments_user_created` ON `shipments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `shipments_status_created` ON `shipments` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `shipments_created` ON `shipments` (`created_at`);--> statement-breakpoint
CREATE INDEX `shipments_sender_email` ON `shipments` (`sender_email`);--> statement-breakpoint
CREATE TABLE `tracking_events` (
	`id` text PRIMARY KEY NOT NULL,
	`shipment_id` text NOT NULL,
	`status` text NOT NULL,
	`location` text,
	`description` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`actor_user_id` text,
	`actor_label` text DEFAULT 'system' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`shipment_id`) REFERENCES `shipments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `tracking_events_shipment_time` ON `tracking_events` (`shipment_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`phone` text,
	`address` text,
	`city` text,
	`country` text,
	`zip_code` text,
	`role` text DEFAULT 'user' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`email_notifications` integer DEFAULT true NOT NULL,
	`sms_notifications` integer DEFAULT false NOT NULL,
	`push_notifications` integer DEFAULT true NOT NULL,
	`marketing_emails` integer DEFAULT false NOT NULL,
	`deletion_requested_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_role_created` ON `users` (`role`,`created_at`);