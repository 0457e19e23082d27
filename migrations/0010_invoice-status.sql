-- Invoices may also be void; who set the current status, and when (decision 110).
ALTER TABLE `invoices` ADD `status_changed_at` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `status_changed_by` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `status_changed_by_name` text;--> statement-breakpoint
CREATE INDEX `invoices_status_issued` ON `invoices` (`status`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_issued` ON `invoices` (`issued_at`);
