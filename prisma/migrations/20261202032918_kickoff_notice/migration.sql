-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "kickoff_heard_at" TIMESTAMPTZ(3),
ADD COLUMN     "kickoff_notice_at" TIMESTAMPTZ(3);

