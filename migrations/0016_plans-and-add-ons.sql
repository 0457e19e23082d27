ALTER TABLE `shipments` ADD `fragile` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `plan` text;--> statement-breakpoint
ALTER TABLE `users` ADD `plan_billing` text;