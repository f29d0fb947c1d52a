#!/usr/bin/env bash
# Follows the README's "Running on PostgreSQL" steps, as they are written, on Debian's server
# package: install, start, make the role and the database, then `npm start` on them. Passes when
# Lodgehall answers /readyz and serves the demo data from PostgreSQL. Run by .ci/run after the
# build; it removes the role and the database it made, so it can run again.
set -euo pipefail
cd "$(dirname "$0")/../.."

say() { printf '%s\n' "$*"; }
# A fresh Debian has no curl; Node is there.
http_get() {
  node -e 'fetch(process.argv[1]).then(async (r) => { if (!r.ok) process.exit(1); process.stdout.write(await r.text()); }).catch(() => process.exit(1))' "$1"
}

if [ "$(id -u)" -ne 0 ]; then
  say "Not run: the README's PostgreSQL steps administer the system's PostgreSQL, which needs root."
  exit 0
fi

# The fenced block right after the marker line, without its fences.
steps=$(awk '/<!-- postgres-steps/ {found=1; next}
  found && /^```sh/ {inside=1; next}
  inside && /^```/ {exit}
  inside {print}' README.md)
if [ -z "$steps" ]; then
  say "README.md has no postgres-steps block to follow."
  exit 1
fi
setup=$(printf '%s\n' "$steps" | sed '$d')
start=$(printf '%s\n' "$steps" | tail -n 1)
case "$start" in
  *"npm start"*) ;;
  *)
    say "The README's PostgreSQL steps should end with the line that starts Lodgehall; found: $start"
    exit 1
    ;;
esac

as_postgres() { su postgres -c "$1"; }
# A machine that already has a lodgehall role or database is someone's; this check leaves it be.
if command -v psql >/dev/null 2>&1 && service postgresql status >/dev/null 2>&1; then
  existing=$(as_postgres "psql -tAc \"select count(*) from pg_roles where rolname = 'lodgehall'\"")
  existing_db=$(as_postgres "psql -tAc \"select count(*) from pg_database where datname = 'lodgehall'\"")
  if [ "$existing" != "0" ] || [ "$existing_db" != "0" ]; then
    say "Not run: this machine already has a lodgehall role or database, which this check does not touch."
    exit 0
  fi
fi

cleanup() {
  if [ -n "${server_pid:-}" ]; then
    kill -TERM -- "-$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  as_postgres "dropdb --if-exists lodgehall" || true
  as_postgres "dropuser --if-exists lodgehall" || true
}
trap cleanup EXIT

say "Following README.md, Running on PostgreSQL:"
while IFS= read -r line; do
  [ -n "$line" ] || continue
  say "\$ $line"
  # apt's own chatter is not what this step is about; its failure still stops the step.
  if [[ "$line" == apt-get* ]]; then
    DEBIAN_FRONTEND=noninteractive bash -c "$line -qq" >/dev/null
  else
    bash -c "$line"
  fi
done <<<"$setup"

port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
log=$(mktemp)
say "\$ $start   (with PORT=$port)"
PORT=$port setsid bash -c "$start" >"$log" 2>&1 &
server_pid=$!

base="http://127.0.0.1:$port"
for _ in $(seq 1 240); do
  if http_get "$base/readyz" >/dev/null; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    say "Lodgehall stopped before it was ready:"
    tail -n 20 "$log"
    exit 1
  fi
  sleep 0.5
done
if ! http_get "$base/readyz" >/dev/null; then
  say "Lodgehall was not ready within 120 s:"
  tail -n 20 "$log"
  exit 1
fi
organizations=$(http_get "$base/api/private/mobile/v1/organizations.json")
if ! grep -q 'Grand Lodge of Ohio' <<<"$organizations"; then
  say "Lodgehall started but did not serve the demo organisations: $organizations"
  exit 1
fi
grep -q 'engine.*postgres\|"engine":"postgres"' "$log" || {
  say "Lodgehall started, but its log does not say it runs on PostgreSQL:"
  tail -n 20 "$log"
  exit 1
}
grep -q 'Sign in with one of the demo accounts' "$log" || {
  say "Lodgehall started but did not print how to sign in:"
  tail -n 20 "$log"
  exit 1
}
say "Lodgehall ran on PostgreSQL as the README says: ready, demo data served, sign-ins printed."
