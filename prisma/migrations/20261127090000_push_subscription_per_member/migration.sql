-- A push subscription belongs to one device and one member: a second member posting a known
-- endpoint gets a row of their own instead of taking over the first member's (issue 26).

-- DropIndex
DROP INDEX "push_subscriptions_endpoint_key";

-- CreateIndex
CREATE UNIQUE INDEX "push_subscriptions_endpoint_user_id_key" ON "push_subscriptions"("endpoint", "user_id");
