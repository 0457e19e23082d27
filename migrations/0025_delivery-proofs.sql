CREATE TABLE `delivery_proofs` (
	`update_id` text PRIMARY KEY NOT NULL,
	`shipment_id` text NOT NULL,
	`courier_id` text,
	`received_by` text NOT NULL,
	`photo_key` text,
	`signature_key` text,
	`typed_signature` text,
	`taken_at` integer NOT NULL,
	FOREIGN KEY (`update_id`) REFERENCES `courier_updates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shipment_id`) REFERENCES `shipments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`courier_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `delivery_proofs_shipment` ON `delivery_proofs` (`shipment_id`,`taken_at`);