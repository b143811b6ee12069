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
);
--> statement-breakpoint
CREATE INDEX `decision_candidates_skill_idx` ON `decision_candidates` (`skill_ref_id`,`decision_id`);--> statement-breakpoint
CREATE TABLE `skill_refs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`path` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `skill_refs_name_path_idx` ON `skill_refs` (`name`,`path`);--> statement-breakpoint
ALTER TABLE `decisions` ADD `stage_one_ms` integer;--> statement-breakpoint
ALTER TABLE `decisions` ADD `stage_two_ms` integer;--> statement-breakpoint
ALTER TABLE `decisions` ADD `session_id` text;--> statement-breakpoint
ALTER TABLE `decisions` ADD `agent` text;--> statement-breakpoint
ALTER TABLE `decisions` ADD `reports_loads` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `decisions` ADD `suggested_skill` text;--> statement-breakpoint
ALTER TABLE `decisions` ADD `suggested_match` real;--> statement-breakpoint
CREATE INDEX `decisions_session_at_idx` ON `decisions` (`session_id`,`at`);--> statement-breakpoint
CREATE INDEX `decisions_outcome_at_idx` ON `decisions` (`outcome`,`at`);--> statement-breakpoint
ALTER TABLE `suggestions` ADD `reports_loads` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Rule 2 counts only suggestions made where loads can be known: sessions that already sent feedback.
UPDATE `suggestions` SET `reports_loads` = 1 WHERE `session_id` IN (SELECT `session_id` FROM `feedback`);
