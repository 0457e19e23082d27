-- One vocabulary: postal code, not ZIP code, in every table as in every form.
ALTER TABLE `shipments` RENAME COLUMN `sender_zip_code` TO `sender_postal_code`;--> statement-breakpoint
ALTER TABLE `shipments` RENAME COLUMN `recipient_zip_code` TO `recipient_postal_code`;--> statement-breakpoint
ALTER TABLE `users` RENAME COLUMN `zip_code` TO `postal_code`;
