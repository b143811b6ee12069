CREATE TABLE `suppression_days` (
	`skill` text NOT NULL,
	`day` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`skill`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `suppression_days` (`skill`, `day`, `count`)
SELECT r.`name`, d.`at` / 86400000, count(*) FROM `decision_candidates` c
JOIN `decisions` d ON d.`id` = c.`decision_id` JOIN `skill_refs` r ON r.`id` = c.`skill_ref_id`
WHERE c.`verdict` = 'suppressed' GROUP BY r.`name`, d.`at` / 86400000;
