ALTER TABLE `chat_sessions` ADD `language` text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `language` text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `language` text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE `tracking_subscriptions` ADD `language` text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE `users` ADD `language` text;
