ALTER TABLE `shipments` ADD `tax_rate_bp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A shipment is priced at the rate its invoice bills at.
UPDATE `shipments` SET `tax_rate_bp` = (SELECT `tax_rate_bp` FROM `invoices` WHERE `invoices`.`shipment_id` = `shipments`.`id`)
WHERE EXISTS (SELECT 1 FROM `invoices` WHERE `invoices`.`shipment_id` = `shipments`.`id`);
