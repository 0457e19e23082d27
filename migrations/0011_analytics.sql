CREATE TABLE `shipment_ratings` (
	`shipment_id` text PRIMARY KEY NOT NULL,
	`score` integer NOT NULL,
	`comment` text,
	`source` text NOT NULL,
	`user_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`shipment_id`) REFERENCES `shipments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "shipment_ratings_score_range" CHECK("shipment_ratings"."score" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX `shipment_ratings_created_score` ON `shipment_ratings` (`created_at`,`score`);--> statement-breakpoint
CREATE INDEX `shipments_created_analytics` ON `shipments` (`created_at`,`status`,`currency`,`cost`,`sender_country`,`recipient_country`,`user_id`,`sender_email`);--> statement-breakpoint
CREATE INDEX `shipments_delivered_analytics` ON `shipments` (`actual_delivery`,`created_at`,`estimated_delivery`,`id`);