-- DropIndex
DROP INDEX "reports_reporter_id_idx";

-- CreateIndex
CREATE INDEX "reports_reporter_id_created_at_idx" ON "reports"("reporter_id", "created_at");


-- Hand-written, since Prisma cannot express a partial index (test/migrations.test.ts lists it):
-- at most one OPEN report per reporter, reported member and section, so two parallel
-- reports cannot both be stored (the service inserts with ON CONFLICT DO NOTHING).
-- Duplicates already open are the floods this index stops: the oldest stays open for the
-- moderators, the later ones are closed as DISMISSED (still readable in the queue history).
-- No semicolon in these comments: Prisma's runner splits the script at every one.
UPDATE "reports" r SET "status" = 'DISMISSED', "handled_at" = now()
WHERE r."status" = 'OPEN' AND EXISTS (
  SELECT 1 FROM "reports" o
  WHERE o."status" = 'OPEN' AND o."reporter_id" = r."reporter_id"
    AND o."reported_user_id" = r."reported_user_id" AND o."section" = r."section"
    AND o."id" < r."id"
);

CREATE UNIQUE INDEX "reports_open_unique" ON "reports"("reporter_id", "reported_user_id", "section")
WHERE "status" = 'OPEN';
