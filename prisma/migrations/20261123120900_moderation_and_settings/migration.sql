-- AlterTable
ALTER TABLE "users" ADD COLUMN     "suspended_until" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "site_settings" (
    "key" VARCHAR(60) NOT NULL,
    "value" VARCHAR(500) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "site_settings_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "users_status_suspended_until_idx" ON "users"("status", "suspended_until");

