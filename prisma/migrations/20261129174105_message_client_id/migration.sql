-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "client_id" UUID;

-- AlterTable
ALTER TABLE "group_messages" ADD COLUMN     "client_id" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "messages_sender_id_client_id_key" ON "messages"("sender_id", "client_id");

-- CreateIndex
CREATE UNIQUE INDEX "group_messages_sender_id_client_id_key" ON "group_messages"("sender_id", "client_id");

