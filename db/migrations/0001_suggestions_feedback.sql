CREATE TABLE `feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`session_id` text NOT NULL,
	`skill` text NOT NULL,
	`event` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `feedback_session_idx` ON `feedback` (`session_id`,`event`);--> statement-breakpoint
CREATE TABLE `suggestions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`decision_id` integer,
	`at` integer NOT NULL,
	`session_id` text,
	`skill` text NOT NULL,
	`loaded_at` integer,
	FOREIGN KEY (`decision_id`) REFERENCES `decisions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `suggestions_at_idx` ON `suggestions` (`at`);--> statement-breakpoint
CREATE INDEX `suggestions_session_skill_idx` ON `suggestions` (`session_id`,`skill`,`at`);