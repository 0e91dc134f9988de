-- One team: a team's seats are held by its organisation's members and pending invitations. The seat
-- invitations move into the one invitations table with their ids, tokens, senders, dates and outcomes (no
-- TINs chosen, as when they were sent); the seat list goes, its members being the organisation's users.
INSERT INTO "invitations" ("id", "organization_id", "email_encrypted", "email_hash", "role", "tin_ids", "token_hash", "invited_by_user_id", "expires_at", "accepted_at", "accepted_user_id", "revoked_at", "created_at", "last_sent_at")
SELECT i."id", a."organization_id", i."email_encrypted", i."email_hash", i."role", '[]'::jsonb, i."token_hash", i."invited_by_user_id", i."expires_at", i."accepted_at", i."accepted_user_id", i."revoked_at", i."created_at", i."last_sent_at"
FROM "billing_team_invitations" i
JOIN "billing_accounts" a ON a."id" = i."billing_account_id";
--> statement-breakpoint
DROP TABLE "billing_team_invitations";--> statement-breakpoint
DROP TABLE "billing_team_members";
