#!/usr/bin/env bash
# Restores a folder written by scripts/ops/backup.sh: the database is put back exactly as it
# was (tables dropped and recreated from the dump, in one transaction) and the data directory
# replaced by the saved one. Stop the app first (`docker compose stop app`) so nothing writes
# meanwhile, and start it again afterwards: pending migrations run at start.
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

restore_flags=(--clean --if-exists --no-owner --no-privileges --single-transaction --exit-on-error)
if $compose; then
  docker compose exec -T postgres pg_restore -U munegu -d munegu "${restore_flags[@]}" <"$src/database.dump"
  # The app container is stopped: a one-off container mounts the same volume.
  docker compose run --rm --no-deps -T --entrypoint sh app -c \
    'find /data -mindepth 1 -maxdepth 1 ! -name pglite -exec rm -rf {} + && tar -C /data -xzf -' \
    <"$src/data.tar.gz"
else
  : "${DATABASE_URL:?DATABASE_URL manquant (la base PostgreSQL à restaurer)}"
  : "${DATA_DIR:?DATA_DIR manquant (le dossier des fichiers envoyés)}"
  pg_restore --dbname="$DATABASE_URL" "${restore_flags[@]}" "$src/database.dump"
  mkdir -p "$DATA_DIR"
  find "$DATA_DIR" -mindepth 1 -maxdepth 1 ! -name pglite -exec rm -rf {} +
  tar -C "$DATA_DIR" -xzf "$src/data.tar.gz"
fi
echo "Restauration terminée depuis $src : redémarrez l'application."
