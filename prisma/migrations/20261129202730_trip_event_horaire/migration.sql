-- AlterEnum
ALTER TYPE "TripEvent" ADD VALUE 'HORAIRE';

