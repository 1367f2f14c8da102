#!/usr/bin/env bash
# Restores a folder written by scripts/ops/backup.sh: the database is put back exactly as it
# was (the app's schemas dropped and recreated from the dump, in one transaction) and the data
# directory replaced by the saved one. Stop the app first (`docker compose stop app`) so nothing
# writes meanwhile, and start it again afterwards: pending migrations run at start.
#
#   scripts/ops/restore.sh BACKUP_FOLDER            DATABASE_URL and DATA_DIR from the environment
#   scripts/ops/restore.sh --compose BACKUP_FOLDER  the docker compose stack of this folder
set -euo pipefail

compose=false
if [ "${1:-}" = "--compose" ]; then compose=true; shift; fi
src=${1:?dossier de sauvegarde manquant (écrit par scripts/ops/backup.sh)}
[ -f "$src/database.dump" ] && [ -f "$src/data.tar.gz" ] || {
  echo "Sauvegarde incomplète dans $src (database.dump et data.tar.gz attendus)." >&2
  exit 1
}
(cd "$src" && sha256sum --check --quiet SHA256SUMS) || {
  echo "Sauvegarde altérée : les sommes SHA256SUMS ne correspondent pas." >&2
  exit 1
}

# The dump only knows its own objects: restored over a newer database (an upgrade rolled back),
# pg_restore --clean could not drop a table the dump lacks nor the keys it references, and the
# migrations table would go back while the newer tables stayed. So the app's schemas (its
# tables and the job queue's) are dropped and recreated from the dump in one psql session, and
# COMMIT is sent only once pg_restore has read the whole dump: any failure rolls back to the
# database as it was.
app_schemas='DROP SCHEMA IF EXISTS pgboss CASCADE; DROP SCHEMA IF EXISTS public CASCADE;
CREATE SCHEMA public;'
unreadable="DO \$\$ BEGIN RAISE EXCEPTION 'sauvegarde illisible, base inchangée'; END \$\$;"
dump_sql() {
  if $compose; then
    docker compose exec -T postgres pg_restore --no-owner --no-privileges -f - <"$src/database.dump"
  else
    pg_restore --no-owner --no-privileges -f - "$src/database.dump"
  fi
}
run_psql() {
  if $compose; then
    docker compose exec -T postgres psql -U munegu -d munegu "$@"
  else
    psql --dbname="$DATABASE_URL" "$@"
  fi
}
restore_database() {
  {
    echo 'SET client_min_messages = warning;'
    echo 'BEGIN;'
    echo "$app_schemas"
    if dump_sql; then
      echo 'COMMIT;'
    else
      echo "$unreadable"
    fi
  } | run_psql --no-psqlrc --quiet -v ON_ERROR_STOP=1 >/dev/null || {
    echo "Échec de la restauration : la base est restée telle qu'avant, les fichiers aussi." >&2
    exit 1
  }
}

if $compose; then
  restore_database
  # The app container is stopped: a one-off container mounts the same volume.
  docker compose run --rm --no-deps -T --entrypoint sh app -c \
    'find /data -mindepth 1 -maxdepth 1 ! -name pglite -exec rm -rf {} + && tar -C /data -xzf -' \
    <"$src/data.tar.gz"
else
  : "${DATABASE_URL:?DATABASE_URL manquant (la base PostgreSQL à restaurer)}"
  : "${DATA_DIR:?DATA_DIR manquant (le dossier des fichiers envoyés)}"
  restore_database
  mkdir -p "$DATA_DIR"
  find "$DATA_DIR" -mindepth 1 -maxdepth 1 ! -name pglite -exec rm -rf {} +
  tar -C "$DATA_DIR" -xzf "$src/data.tar.gz"
fi
echo "Restauration terminée depuis $src : redémarrez l'application."
