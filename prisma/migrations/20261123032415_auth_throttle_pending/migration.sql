-- AlterTable
ALTER TABLE "auth_throttles" ADD COLUMN     "pending" INTEGER NOT NULL DEFAULT 0;

