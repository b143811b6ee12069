-- Runs started from the Replay page are written while they run (status, phase, progress, heartbeat), may sweep a grid, and
-- say where their log came from; a run's report is null until it is done. Existing runs were all finished uploads.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_replay_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`source` text DEFAULT 'upload' NOT NULL,
	`status` text DEFAULT 'done' NOT NULL,
	`phase` text DEFAULT 'finished' NOT NULL,
	`progress` real DEFAULT 1 NOT NULL,
	`updated_at` integer DEFAULT 0 NOT NULL,
	`error` text,
	`rules` text NOT NULL,
	`report` text,
	`sweep` text,
	`sweep_points` integer DEFAULT 0 NOT NULL,
	`log_digest` text DEFAULT '' NOT NULL,
	`events` integer DEFAULT 0 NOT NULL,
	`bad_lines` integer DEFAULT 0 NOT NULL,
	`log_bytes` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_replay_runs`("id", "at", "updated_at", "rules", "report", "log_digest", "events", "bad_lines", "log_bytes") SELECT "id", "at", "at", "rules", "report", "log_digest", "events", "bad_lines", "log_bytes" FROM `replay_runs`;--> statement-breakpoint
DROP TABLE `replay_runs`;--> statement-breakpoint
ALTER TABLE `__new_replay_runs` RENAME TO `replay_runs`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `replay_runs_at_idx` ON `replay_runs` (`at`);