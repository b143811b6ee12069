CREATE TABLE `skill_vectors` (
	`model` text NOT NULL,
	`key` text NOT NULL,
	`vectors` blob NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`model`, `key`)
);
