-- CreateTable
-- UNLOGGED: counters of a few minutes are not worth the write-ahead log (a crash only resets them).
CREATE UNLOGGED TABLE "rate_limit_counters" (
    "key" VARCHAR(400) NOT NULL,
    "hits" INTEGER NOT NULL,
    "reset_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limit_counters_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "rate_limit_counters_reset_at_idx" ON "rate_limit_counters"("reset_at");

