ALTER TABLE `decisions` ADD `connections` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `decisions` ADD `merged` integer DEFAULT false NOT NULL;