CREATE TABLE "usage_requests" (
	"home" text NOT NULL,
	"request_id" text NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "usage_requests_home_request_id_pk" PRIMARY KEY("home","request_id")
);
--> statement-breakpoint
CREATE INDEX "usage_requests_at_idx" ON "usage_requests" USING btree ("at");