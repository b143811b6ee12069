-- jev's own history of skill usage (curator spec §2.8): events, per-day counts for the Skills page, and the last
-- accounted counters of each home's .usage.json (so re-imports count nothing twice).
CREATE TABLE `usage_days` (
	`home` text NOT NULL,
	`skill` text NOT NULL,
	`day` integer NOT NULL,
	`uses` integer DEFAULT 0 NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`patches` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`home`, `skill`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `usage_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`home` text NOT NULL,
	`skill` text NOT NULL,
	`kind` text NOT NULL,
	`at` integer NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`source` text NOT NULL,
	`detail` text
);
--> statement-breakpoint
CREATE INDEX `usage_events_skill_at_idx` ON `usage_events` (`home`,`skill`,`at`);--> statement-breakpoint
CREATE INDEX `usage_events_at_idx` ON `usage_events` (`at`);--> statement-breakpoint
CREATE TABLE `usage_snapshots` (
	`home` text NOT NULL,
	`skill` text NOT NULL,
	`uses` integer NOT NULL,
	`views` integer NOT NULL,
	`patches` integer NOT NULL,
	PRIMARY KEY(`home`, `skill`)
) WITHOUT ROWID;
