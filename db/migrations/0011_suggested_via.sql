ALTER TABLE `decisions` ADD `suggested_via` text;--> statement-breakpoint
CREATE INDEX `decisions_via_at_idx` ON `decisions` (`suggested_via`,`at`) WHERE "decisions"."suggested_via" IS NOT NULL;