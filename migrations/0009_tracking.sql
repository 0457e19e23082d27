-- Issue 15: exchange rates in the settings (units per US dollar, the tariffs' base currency;
-- see docs/decisions/004-dollar-tariff-converted-at-stored-rates.md), invoices that record the
-- rate they were converted at, and "Keep me posted" subscriptions with their mailed links.
CREATE TABLE `exchange_rates` (
	`currency` text PRIMARY KEY NOT NULL,
	`rate` real NOT NULL,
	`set_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tracking_subscription_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`subscription_id` text NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `tracking_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tracking_subscription_tokens_subscription` ON `tracking_subscription_tokens` (`subscription_id`);--> statement-breakpoint
CREATE TABLE `tracking_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`shipment_id` text NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`confirmed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`shipment_id`) REFERENCES `shipments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tracking_subscriptions_shipment_email` ON `tracking_subscriptions` (`shipment_id`,`email`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `base_currency` text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `exchange_rate` real;--> statement-breakpoint
ALTER TABLE `invoices` ADD `exchange_rate_set_at` integer;--> statement-breakpoint
-- Rates of 20 November 2026 for the 50 currencies of the shipment form's picker; admins change them in the settings.
INSERT INTO `exchange_rates` (`currency`, `rate`, `set_at`) VALUES
('AED', 3.6725, 1795132800000),
('AOA', 912, 1795132800000),
('ARS', 1180, 1795132800000),
('AUD', 1.52, 1795132800000),
('BGN', 1.7016, 1795132800000),
('BHD', 0.376, 1795132800000),
('BRL', 5.4, 1795132800000),
('BWP', 13.6, 1795132800000),
('CAD', 1.38, 1795132800000),
('CDF', 2850, 1795132800000),
('CHF', 0.8, 1795132800000),
('CLP', 950, 1795132800000),
('CNY', 7.15, 1795132800000),
('COP', 3950, 1795132800000),
('CZK', 21.3, 1795132800000),
('DKK', 6.49, 1795132800000),
('DZD', 130, 1795132800000),
('EGP', 48.5, 1795132800000),
('EUR', 0.87, 1795132800000),
('GBP', 0.75, 1795132800000),
('HUF', 345, 1795132800000),
('IDR', 16300, 1795132800000),
('ILS', 3.4, 1795132800000),
('INR', 86.5, 1795132800000),
('IRR', 42000, 1795132800000),
('JPY', 147, 1795132800000),
('KRW', 1390, 1795132800000),
('KZT', 520, 1795132800000),
('LYD', 5.45, 1795132800000),
('MNT', 3580, 1795132800000),
('MXN', 18.7, 1795132800000),
('MYR', 4.22, 1795132800000),
('NOK', 10.1, 1795132800000),
('NZD', 1.68, 1795132800000),
('PEN', 3.55, 1795132800000),
('PHP', 57, 1795132800000),
('PLN', 3.7, 1795132800000),
('RON', 4.4, 1795132800000),
('RUB', 80, 1795132800000),
('SAR', 3.75, 1795132800000),
('SDG', 600, 1795132800000),
('SEK', 9.6, 1795132800000),
('SGD', 1.29, 1795132800000),
('THB', 32.5, 1795132800000),
('TRY', 40.5, 1795132800000),
('USD', 1, 1795132800000),
('XAF', 570.68, 1795132800000),
('XCD', 2.7, 1795132800000),
('XOF', 570.68, 1795132800000),
('ZAR', 17.8, 1795132800000)
ON CONFLICT (`currency`) DO NOTHING;