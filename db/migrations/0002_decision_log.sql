CREATE TABLE `decision_rollups` (
	`hour` integer NOT NULL,
	`day` text NOT NULL,
	`status` text NOT NULL,
	`outcome` text NOT NULL,
	`reason` text NOT NULL,
	`latency_ms` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`hour`, `status`, `outcome`, `reason`, `latency_ms`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `decision_candidates` (
	`decision_id` integer NOT NULL,
	`rank` integer NOT NULL,
	`skill_ref_id` integer NOT NULL,
	`score` real NOT NULL,
	`match` real,
	`verdict` text NOT NULL,
	`detail` text,
	PRIMARY KEY(`decision_id`, `rank`),
	FOREIGN KEY (`decision_id`) REFERENCES `decisions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`skill_ref_id`) REFERENCES `skill_refs`(`id`) ON UPDATE no action ON DELETE no action
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `skill_hours` (
	`skill_ref_id` integer NOT NULL,
	`hour` integer NOT NULL,
	PRIMARY KEY(`skill_ref_id`, `hour`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `skill_refs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`path` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `skill_refs_name_path_idx` ON `skill_refs` (`name`,`path`);--> statement-breakpoint
DROP INDEX `decisions_day_status_idx`;--> statement-breakpoint
ALTER TABLE `decisions` ADD `stage_one_ms` integer;--> statement-breakpoint
ALTER TABLE `decisions` ADD `stage_two_ms` integer;--> statement-breakpoint
ALTER TABLE `decisions` ADD `session_id` text;--> statement-breakpoint
ALTER TABLE `decisions` ADD `agent` text;--> statement-breakpoint
ALTER TABLE `decisions` ADD `reports_loads` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `decisions` ADD `suggested_skill` text;--> statement-breakpoint
ALTER TABLE `decisions` ADD `suggested_match` real;--> statement-breakpoint
CREATE INDEX `decisions_session_at_idx` ON `decisions` (`session_id`,`at`);--> statement-breakpoint
ALTER TABLE `suggestions` ADD `reports_loads` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Rule 2 counts only suggestions made where loads can be known: sessions that already sent feedback.
UPDATE `suggestions` SET `reports_loads` = 1 WHERE `session_id` IN (SELECT `session_id` FROM `feedback`);
--> statement-breakpoint
-- Count the decisions written before rollups existed, bucketed as lib/decisions/latency-buckets does.
INSERT INTO `decision_rollups` (`hour`, `day`, `status`, `outcome`, `reason`, `latency_ms`, `count`)
SELECT (`at` / 3600000) * 3600000, `day`, `status`, `outcome`,
  CASE WHEN `status` = 'fail_open' THEN coalesce(`reason_code`, 'unknown') ELSE '' END,
  CASE WHEN `latency_ms` < 100 THEN `latency_ms`
       WHEN `latency_ms` < 1000 THEN `latency_ms` - `latency_ms` % 10
       WHEN `latency_ms` < 10000 THEN `latency_ms` - `latency_ms` % 100
       ELSE `latency_ms` - `latency_ms` % 1000 END,
  count(*)
FROM `decisions` GROUP BY 1, 2, 3, 4, 5, 6;
