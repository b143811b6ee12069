CREATE TABLE `decisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`day` text NOT NULL,
	`status` text NOT NULL,
	`outcome` text NOT NULL,
	`reason_code` text,
	`needs_skill` real,
	`latency_ms` integer NOT NULL,
	`requests` integer NOT NULL,
	`catalog_size` integer NOT NULL,
	`skills_returned` integer NOT NULL,
	`skills_dropped` integer DEFAULT 0 NOT NULL,
	`judge` text NOT NULL,
	`channel` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `decisions_at_idx` ON `decisions` (`at`);--> statement-breakpoint
CREATE INDEX `decisions_day_status_idx` ON `decisions` (`day`,`status`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
