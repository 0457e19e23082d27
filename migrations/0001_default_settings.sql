-- The operator settings live in one row; the app reads it on every page that needs them.
INSERT INTO `settings` (`id`, `company_name`, `tracking_prefix`, `support_email`, `support_phone`, `support_address`, `default_currency`, `tax_rate_bp`)
VALUES (1, 'SwiftParcel', 'SWP', 'support@swiftparcel.example', '+1 (555) 010-0199', '100 Harbor Way, Suite 200, Oakland, CA 94607, United States', 'USD', 0)
ON CONFLICT (`id`) DO NOTHING;
