-- CreateEnum
CREATE TYPE "TripEvent" AS ENUM ('PLACE_LIBEREE', 'ANNULATION', 'RAPPEL', 'ANNONCE');

-- CreateEnum
CREATE TYPE "TripStatus" AS ENUM ('OUVERT', 'CLOS', 'ANNULE');

-- CreateEnum
CREATE TYPE "TripRegistrationStatus" AS ENUM ('CONFIRME', 'ATTENTE');

-- AlterEnum
ALTER TYPE "NotificationType" ADD VALUE 'DEPLACEMENT';

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "trip_event" "TripEvent",
ADD COLUMN     "trip_id" INTEGER;

-- AlterTable
ALTER TABLE "message_groups" ADD COLUMN     "trip_id" INTEGER;

-- AlterTable
ALTER TABLE "group_messages" ADD COLUMN     "annonce" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "antenna_organizers" (
    "antenna_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "antenna_organizers_pkey" PRIMARY KEY ("antenna_id","user_id")
);

-- CreateTable
CREATE TABLE "trips" (
    "id" SERIAL NOT NULL,
    "match_id" INTEGER NOT NULL,
    "antenna_id" INTEGER NOT NULL,
    "depart_lieu" VARCHAR(120) NOT NULL,
    "depart_heure" TIMESTAMPTZ(3) NOT NULL,
    "retour_heure" TIMESTAMPTZ(3),
    "places_total" INTEGER NOT NULL,
    "prix_centimes" INTEGER,
    "date_limite" TIMESTAMPTZ(3),
    "notes" TEXT,
    "statut" "TripStatus" NOT NULL DEFAULT 'OUVERT',
    "created_by" INTEGER,
    "reminder_sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "trips_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trip_registrations" (
    "id" SERIAL NOT NULL,
    "trip_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "nb_places" INTEGER NOT NULL,
    "statut" "TripRegistrationStatus" NOT NULL,
    "telephone" VARCHAR(20),
    "paye" BOOLEAN NOT NULL DEFAULT false,
    "present" BOOLEAN NOT NULL DEFAULT false,
    "confirmed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trip_registrations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "antenna_organizers_user_id_idx" ON "antenna_organizers"("user_id");

-- CreateIndex
CREATE INDEX "trips_match_id_idx" ON "trips"("match_id");

-- CreateIndex
CREATE INDEX "trips_antenna_id_depart_heure_idx" ON "trips"("antenna_id", "depart_heure");

-- CreateIndex
CREATE INDEX "trips_statut_depart_heure_idx" ON "trips"("statut", "depart_heure");

-- CreateIndex
CREATE INDEX "trip_registrations_trip_id_statut_id_idx" ON "trip_registrations"("trip_id", "statut", "id");

-- CreateIndex
CREATE INDEX "trip_registrations_user_id_idx" ON "trip_registrations"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "trip_registrations_trip_id_user_id_key" ON "trip_registrations"("trip_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "message_groups_trip_id_key" ON "message_groups"("trip_id");

-- AddForeignKey
ALTER TABLE "antenna_organizers" ADD CONSTRAINT "antenna_organizers_antenna_id_fkey" FOREIGN KEY ("antenna_id") REFERENCES "antennas"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "antenna_organizers" ADD CONSTRAINT "antenna_organizers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trips" ADD CONSTRAINT "trips_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trips" ADD CONSTRAINT "trips_antenna_id_fkey" FOREIGN KEY ("antenna_id") REFERENCES "antennas"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trips" ADD CONSTRAINT "trips_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trip_registrations" ADD CONSTRAINT "trip_registrations_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trip_registrations" ADD CONSTRAINT "trip_registrations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_groups" ADD CONSTRAINT "message_groups_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

