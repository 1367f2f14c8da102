-- CreateTable
CREATE TABLE "ranked_members" (
    "id" BOOLEAN NOT NULL DEFAULT true,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ranked_members_pkey" PRIMARY KEY ("id")
);


-- Kept by statement triggers on users: each statement that inserts, updates or deletes members
-- moves the count by the ranked rows it added minus those it removed (transition tables, so a
-- score entry re-ranking 100 000 members updates the row once, not once per member. A
-- statement that changes no rank writes nothing, so registrations never queue on this row).
-- The function body is an E'' string with \073 for each semicolon: Prisma's migration runner
-- splits a script at every semicolon, even inside a quoted body.
CREATE FUNCTION track_ranked_members() RETURNS trigger
LANGUAGE plpgsql AS E'
DECLARE
  delta integer := 0\073
BEGIN
  IF TG_OP = ''TRUNCATE'' THEN
    UPDATE ranked_members SET count = 0\073
    RETURN NULL\073
  END IF\073
  IF TG_OP IN (''INSERT'', ''UPDATE'') THEN
    delta := delta + (SELECT count(*) FROM ranked_new WHERE classement_prono IS NOT NULL)\073
  END IF\073
  IF TG_OP IN (''UPDATE'', ''DELETE'') THEN
    delta := delta - (SELECT count(*) FROM ranked_old WHERE classement_prono IS NOT NULL)\073
  END IF\073
  IF delta <> 0 THEN
    UPDATE ranked_members SET count = count + delta\073
  END IF\073
  RETURN NULL\073
END\073';

-- PostgreSQL allows transition tables only on single-event triggers: one trigger per event.
CREATE TRIGGER users_ranked_insert AFTER INSERT ON users
REFERENCING NEW TABLE AS ranked_new
FOR EACH STATEMENT EXECUTE FUNCTION track_ranked_members();

CREATE TRIGGER users_ranked_update AFTER UPDATE ON users
REFERENCING OLD TABLE AS ranked_old NEW TABLE AS ranked_new
FOR EACH STATEMENT EXECUTE FUNCTION track_ranked_members();

CREATE TRIGGER users_ranked_delete AFTER DELETE ON users
REFERENCING OLD TABLE AS ranked_old
FOR EACH STATEMENT EXECUTE FUNCTION track_ranked_members();

CREATE TRIGGER users_ranked_truncate AFTER TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION track_ranked_members();

-- The ranks already there.
INSERT INTO ranked_members (id, count)
SELECT true, count(*)::int FROM users WHERE classement_prono IS NOT NULL;
