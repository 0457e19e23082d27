ALTER TABLE `password_reset_tokens` ADD `purpose` text DEFAULT 'password' NOT NULL;
