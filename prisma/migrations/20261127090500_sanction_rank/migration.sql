-- AlterTable
ALTER TABLE "users" ADD COLUMN     "suspended_by_role" "Role";

-- Sanctions already in force: the rank of whoever imposed them, from their latest suspension or
-- ban row in the audit log. None found (a system or operator action) leaves it null.
UPDATE "users" u SET "suspended_by_role" = (
  SELECT a."role" FROM "audit_logs" l JOIN "users" a ON a."id" = l."actor_id"
   WHERE l."target_type" = 'user' AND l."target_id" = u."id"::text
     AND l."action" IN ('moderation.user.suspend', 'moderation.user.ban')
   ORDER BY l."id" DESC LIMIT 1)
 WHERE u."status" = 'SUSPENDED';
