CREATE TABLE `judge_rollups` (
	`hour` integer NOT NULL,
	`day` text NOT NULL,
	`judge_ms` integer NOT NULL,
	`count` integer NOT NULL,
	`requests` integer NOT NULL,
	PRIMARY KEY(`hour`, `judge_ms`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `judge_rollups` (`hour`, `day`, `judge_ms`, `count`, `requests`)
SELECT (`at` / 3600000) * 3600000, `day`,
  CASE WHEN j < 100 THEN j WHEN j < 1000 THEN j - j % 10 WHEN j < 10000 THEN j - j % 100 ELSE j - j % 1000 END,
  count(*), sum(`requests`)
FROM (SELECT `at`, `day`, `requests`, coalesce(`stage_one_ms`, 0) + coalesce(`stage_two_ms`, 0) AS j FROM `decisions` WHERE `stage_one_ms` IS NOT NULL)
GROUP BY 1, 2, 3;
