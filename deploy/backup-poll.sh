#!/bin/sh
# One backup of the class poll into DEST (default /var/backups/reward-hacking), keeping the
# newest $KEEP_BACKUPS (default 48: two days of hourly ones; a poll is deleted a day after it
# opens, so older backups hold nothing the newer ones lack).
#   POLL_DATABASE_URL set (PostgreSQL): pg_dump in its custom format (restore: pg_restore -d URL)
#   otherwise: a consistent copy of $POLL_DATA_DIR/poll.sqlite3 (default data/), by SQLite's
#   own backup, safe while the app writes (restore: stop the app, copy it back)
# Scheduled hourly by deploy/systemd/reward-hacking-backup.timer (docs/hosting.md); a cron line
# does as well: 7 * * * * reward-hacking /bin/sh /srv/reward-hacking/deploy/backup-poll.sh
# (with /etc/reward-hacking/env's variables in its environment).
set -eu
dest=${1:-/var/backups/reward-hacking}
keep=${KEEP_BACKUPS:-48}
stamp=$(date -u +%Y%m%dT%H%M%SZ)
umask 077
mkdir -p "$dest"
if [ -n "${POLL_DATABASE_URL:-}" ]; then
    # SQLAlchemy's postgresql+psycopg://... is libpq's postgresql://...
    url=$(printf '%s' "$POLL_DATABASE_URL" | sed 's#^postgres[a-z]*+[a-z0-9]*://#postgresql://#')
    file="$dest/poll-$stamp.dump"
    pg_dump --format=custom --no-owner --file="$file.partial" "$url"
else
    source="${POLL_DATA_DIR:-data}/poll.sqlite3"
    if [ ! -f "$source" ]; then
        echo "backup-poll: no poll database at $source (no poll opened yet?)" >&2
        exit 0
    fi
    file="$dest/poll-$stamp.sqlite3"
    python3 -c 'import sqlite3, sys
source, copy = sqlite3.connect(sys.argv[1]), sqlite3.connect(sys.argv[2])
with copy:
    source.backup(copy)
copy.close()
source.close()' "$source" "$file.partial"
fi
mv "$file.partial" "$file"
echo "backup-poll: $file"
# The newest $keep stay; names sort by their UTC time.
ls -1 "$dest" | grep -E '^poll-[0-9]{8}T[0-9]{6}Z\.(dump|sqlite3)$' | sort -r |
    tail -n +"$((keep + 1))" | while read -r old; do rm -f -- "$dest/$old"; done
