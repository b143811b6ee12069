CREATE TABLE `import_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL
);
