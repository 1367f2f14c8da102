#!/usr/bin/env bash
# Backs up Munegu: the PostgreSQL database (pg_dump, custom format) and the data directory
# (uploaded images, kept mails), into one new folder.
#
#   scripts/ops/backup.sh [DEST]            DATABASE_URL and DATA_DIR from the environment
#   scripts/ops/backup.sh --compose [DEST]  the docker compose stack of this folder
#
# DEST defaults to ./backups; the folder made inside is printed on the last line. Safe while
# the app runs: pg_dump reads one consistent snapshot, and uploads are only ever added.
# Restore with scripts/ops/restore.sh (README, "Sauvegarde et restauration").
set -euo pipefail

compose=false
if [ "${1:-}" = "--compose" ]; then compose=true; shift; fi
dest_root=${1:-./backups}
stamp=$(date -u +%Y%m%d-%H%M%S)
dest="$dest_root/munegu-$stamp"
mkdir -p "$dest"

if $compose; then
  # The database runs in the postgres service, the data directory is the app's /data volume.
  docker compose exec -T postgres pg_dump -U munegu -d munegu --format=custom \
    --no-owner --no-privileges --no-unlogged-table-data >"$dest/database.dump"
  docker compose exec -T app tar -C /data --exclude=./pglite -czf - . >"$dest/data.tar.gz"
else
  : "${DATABASE_URL:?DATABASE_URL manquant (la base PostgreSQL à sauvegarder)}"
  : "${DATA_DIR:?DATA_DIR manquant (le dossier des fichiers envoyés)}"
  # Rate-limit counters (an UNLOGGED table) are not worth restoring.
  pg_dump --dbname="$DATABASE_URL" --format=custom --no-owner --no-privileges \
    --no-unlogged-table-data --file="$dest/database.dump"
  # The embedded database (pglite/) is not a PostgreSQL server: stop the app and copy DATA_DIR.
  tar -C "$DATA_DIR" --exclude=./pglite -czf "$dest/data.tar.gz" .
fi

(cd "$dest" && sha256sum database.dump data.tar.gz >SHA256SUMS)
echo "Sauvegarde écrite : $dest"
