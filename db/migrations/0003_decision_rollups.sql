CREATE TABLE `decision_rollups` (
	`hour` integer NOT NULL,
	`day` text NOT NULL,
	`status` text NOT NULL,
	`outcome` text NOT NULL,
	`reason` text NOT NULL,
	`latency_ms` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`hour`, `status`, `outcome`, `reason`, `latency_ms`)
);
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
