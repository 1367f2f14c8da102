-- A reason kind the application records itself (carpools of a sanctioned or deleted member);
-- the row is written by the seed and, if missing, on first use (the new value cannot be used
-- in the transaction that adds it).
-- AlterEnum
ALTER TYPE "ReasonKind" ADD VALUE 'SYSTEME';
