CREATE TABLE `suggestion_days` (
	`skill` text NOT NULL,
	`day` integer NOT NULL,
	`suggestions` integer NOT NULL,
	`loads` integer NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`skill`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `suggestion_days` (`skill`, `day`, `suggestions`, `loads`, `last_at`)
SELECT `skill`, `at` / 86400000, count(*), count(`loaded_at`), max(`at`) FROM `suggestions` WHERE `reports_loads` = 1 GROUP BY `skill`, `at` / 86400000;
