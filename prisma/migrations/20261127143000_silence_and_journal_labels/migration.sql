-- Issue 29: the reason of a suspension or ban (told to the member), the silence (reads but
-- cannot write to others until a date), and the journal's target names.
ALTER TABLE "users" ADD COLUMN "suspension_reason" VARCHAR(500),
ADD COLUMN "silenced_until" TIMESTAMPTZ(3),
ADD COLUMN "silence_reason" VARCHAR(500),
ADD COLUMN "silenced_by_role" "Role";

ALTER TABLE "audit_logs" ADD COLUMN "target_label" VARCHAR(200);
