CREATE TABLE `replay_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`rules` text NOT NULL,
	`report` text NOT NULL,
	`log_digest` text NOT NULL,
	`events` integer NOT NULL,
	`bad_lines` integer NOT NULL,
	`log_bytes` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `replay_runs_at_idx` ON `replay_runs` (`at`);