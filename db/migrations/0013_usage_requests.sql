CREATE TABLE `usage_requests` (
	`home` text NOT NULL,
	`request_id` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`home`, `request_id`)
);
--> statement-breakpoint
CREATE INDEX `usage_requests_at_idx` ON `usage_requests` (`at`);