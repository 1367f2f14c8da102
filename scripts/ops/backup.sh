#!/usr/bin/env bash
# Backs up Munegu: the PostgreSQL database (pg_dump, custom format) and the data directory
# (uploaded images, kept mails), into one new folder.
#
#   scripts/ops/backup.sh [DEST]            DATABASE_URL and DATA_DIR from the environment
#   scripts/ops/backup.sh --compose [DEST]  the docker compose stack of this folder
#
# DEST defaults to ./backups; the folder made inside is printed on the last line. Safe while
# the app runs: pg_dump reads one consistent snapshot, and the files copied after it are those
# of that moment or newer. Unused news and contest images are deleted only a day later (the
# uploads sweep), but a replaced avatar is deleted at once: one replaced during the backup may
# be missing from it, and that member shows their initials instead after a restore.
# Restore with scripts/ops/restore.sh (README, "Backup and restore").
set -euo pipefail

compose=false
if [ "${1:-}" = "--compose" ]; then compose=true; shift; fi
dest_root=${1:-./backups}
stamp=$(date -u +%Y%m%d-%H%M%S)
dest="$dest_root/munegu-$stamp"
mkdir -p "$dest"

# GNU tar exits 1 when a file changed or disappeared while it was read (a mail kept, an avatar
# replaced meanwhile): the archive is complete but for that file. 2 is a real failure.
tar_flags=(--exclude=./pglite --warning=no-file-changed --warning=no-file-removed -czf)
archive_data() { "$@" || [ $? -eq 1 ]; }

if $compose; then
  # The database runs in the postgres service, the data directory is the app's /data volume.
  docker compose exec -T postgres pg_dump -U munegu -d munegu --format=custom \
    --no-owner --no-privileges --no-unlogged-table-data >"$dest/database.dump"
  archive_data docker compose exec -T app tar -C /data "${tar_flags[@]}" - . >"$dest/data.tar.gz"
else
  : "${DATABASE_URL:?DATABASE_URL manquant (la base PostgreSQL à sauvegarder)}"
  : "${DATA_DIR:?DATA_DIR manquant (le dossier des fichiers envoyés)}"
  # Rate-limit counters (an UNLOGGED table) are not worth restoring.
  pg_dump --dbname="$DATABASE_URL" --format=custom --no-owner --no-privileges \
    --no-unlogged-table-data --file="$dest/database.dump"
  # The embedded database (pglite/) is not a PostgreSQL server: stop the app and copy DATA_DIR.
  archive_data tar -C "$DATA_DIR" "${tar_flags[@]}" "$dest/data.tar.gz" .
fi

(cd "$dest" && sha256sum database.dump data.tar.gz >SHA256SUMS)
echo "Sauvegarde écrite : $dest"
