CREATE TABLE "skill_vectors" (
	"model" text NOT NULL,
	"key" text NOT NULL,
	"vectors" "bytea" NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "skill_vectors_model_key_pk" PRIMARY KEY("model","key")
);
