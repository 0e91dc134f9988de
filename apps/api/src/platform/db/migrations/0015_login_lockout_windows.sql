CREATE TABLE "login_attempt_windows" (
	"key_digest" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
