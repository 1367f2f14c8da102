-- One carpool mail per sender and window (carpool/notifications.service.ts): each bell row
-- records whether a mail told its recipient of it.
ALTER TABLE "notifications" ADD COLUMN     "mailed_at" TIMESTAMPTZ(3);

-- Rows written before this change count as told, so the first summary after the upgrade does
-- not replay a member's whole history.
UPDATE "notifications" SET "mailed_at" = "created_at";

-- CreateIndex
CREATE INDEX "notifications_recipient_id_sender_id_created_at_idx" ON "notifications"("recipient_id", "sender_id", "created_at");
