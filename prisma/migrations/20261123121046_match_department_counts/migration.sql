-- DropIndex
DROP INDEX "presences_match_id_departement_depart_idx";

-- DropIndex
DROP INDEX "ride_searches_match_id_departement_depart_idx";

-- CreateTable
CREATE TABLE "match_department_counts" (
    "match_id" INTEGER NOT NULL,
    "departement" VARCHAR(3) NOT NULL,
    "supporters" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "match_department_counts_pkey" PRIMARY KEY ("match_id","departement")
);

-- CreateIndex
CREATE INDEX "presences_match_id_departement_depart_covoiturage_places_di_idx" ON "presences"("match_id", "departement_depart", "covoiturage" DESC, "places_dispo" DESC, "id");

-- CreateIndex
CREATE INDEX "ride_searches_match_id_departement_depart_nb_pers_id_idx" ON "ride_searches"("match_id", "departement_depart", "nb_pers" DESC, "id");

-- AddForeignKey
ALTER TABLE "match_department_counts" ADD CONSTRAINT "match_department_counts_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Kept by triggers: every presence or search counts once for its match and department,
-- whoever writes it (the API, the seed, an operator's SQL). Moving an answer to another
-- department or match moves its count, and a count never goes below zero.
-- The function bodies are E'' strings with \073 for each semicolon: Prisma's migration
-- runner splits a script at every semicolon, even inside a quoted body.
CREATE FUNCTION bump_match_department(m INTEGER, d VARCHAR, delta INTEGER) RETURNS void
LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO match_department_counts (match_id, departement, supporters)
  VALUES (m, d, GREATEST(delta, 0))
  ON CONFLICT (match_id, departement)
  DO UPDATE SET supporters = GREATEST(match_department_counts.supporters + delta, 0)\073
END\073';

CREATE FUNCTION track_match_department() RETURNS trigger
LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''UPDATE'' AND NEW.match_id = OLD.match_id
     AND NEW.departement_depart = OLD.departement_depart THEN
    RETURN NULL\073
  END IF\073
  IF TG_OP IN (''UPDATE'', ''DELETE'') THEN
    PERFORM bump_match_department(OLD.match_id, OLD.departement_depart, -1)\073
  END IF\073
  IF TG_OP IN (''UPDATE'', ''INSERT'') THEN
    PERFORM bump_match_department(NEW.match_id, NEW.departement_depart, 1)\073
  END IF\073
  RETURN NULL\073
END\073';

CREATE TRIGGER presences_match_department
AFTER INSERT OR DELETE OR UPDATE OF match_id, departement_depart ON presences
FOR EACH ROW EXECUTE FUNCTION track_match_department();

CREATE TRIGGER ride_searches_match_department
AFTER INSERT OR DELETE OR UPDATE OF match_id, departement_depart ON ride_searches
FOR EACH ROW EXECUTE FUNCTION track_match_department();

-- The answers already there.
INSERT INTO match_department_counts (match_id, departement, supporters)
SELECT match_id, departement_depart, count(*)::int
FROM (SELECT match_id, departement_depart FROM presences
      UNION ALL SELECT match_id, departement_depart FROM ride_searches) a
GROUP BY match_id, departement_depart;
