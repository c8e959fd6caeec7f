#!/usr/bin/env bash
# The test run's set-up, shared by `npm test` (its first step) and `.ci/run`.
#
#   scripts/setup-test-env.sh [command …]
#
# 1. Checks what the tests need outside npm: Chromium (/usr/bin/chromium, or CHROMIUM_PATH) for
#    the story and end-to-end tests, espeak-ng and pocketsphinx (+ its en-us model) for the voice
#    worker's offline speech (sox is not needed: nothing runs it). What is missing is installed
#    with apt-get when it can be (root, or password-less sudo); otherwise the run stops at once
#    with one line naming the command to run.
# 2. PostgreSQL is optional: installed the same way when it can be (root), then started, with a
#    `parley` role and a `parley_test` database, and TEST_DATABASE_URL exported so the server suite
#    also runs on it (the `server-pg` vitest project). Without it the suite runs on PGlite alone.
#    PARLEY_TEST_POSTGRES=0 skips this step; a TEST_DATABASE_URL already set is kept as it is.
# 3. Runs the command, if one is given, with that environment (`npm test` runs the checks this way).
#
# A no-op (a few `command -v` and one psql probe) when everything is present.
set -euo pipefail

say() { echo "setup-test-env: $*" >&2; }

need=()
if [ -n "${CHROMIUM_PATH:-}" ]; then
  if [ ! -x "$CHROMIUM_PATH" ]; then
    say "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable: point it at a Chromium, or unset it to use /usr/bin/chromium"
    exit 1
  fi
elif [ ! -x /usr/bin/chromium ]; then
  need+=(chromium)
fi
command -v espeak-ng >/dev/null 2>&1 || need+=(espeak-ng)
command -v pocketsphinx_continuous >/dev/null 2>&1 || need+=(pocketsphinx)
[ -d /usr/share/pocketsphinx/model/en-us ] || need+=(pocketsphinx-en-us)

want_pg=0
if [ "${PARLEY_TEST_POSTGRES:-1}" != 0 ] && [ -z "${TEST_DATABASE_URL:-}" ]; then
  want_pg=1
fi

# How to run apt-get here: as root, through password-less sudo, or not at all.
as_root=()
can_install=0
if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    can_install=1
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    can_install=1
    as_root=(sudo -n)
  fi
fi

install=("${need[@]}")
# PostgreSQL is installed only where packages can be installed anyway (CI runs as root).
if [ "$want_pg" = 1 ] && [ "$can_install" = 1 ] && ! command -v pg_ctlcluster >/dev/null 2>&1; then
  install+=(postgresql)
fi

if [ ${#install[@]} -gt 0 ]; then
  if [ "$can_install" = 1 ]; then
    say "installing from apt: ${install[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${as_root[@]}" apt-get update -qq
    "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${install[@]}" >/dev/null
  elif [ ${#need[@]} -gt 0 ]; then
    if command -v apt-get >/dev/null 2>&1; then
      say "missing ${need[*]}: run 'sudo apt-get update && sudo apt-get install -y ${need[*]}', then npm test again"
    else
      say "missing ${need[*]}: install them with your system's package manager (CHROMIUM_PATH names a Chromium elsewhere), then npm test again"
    fi
    exit 1
  fi
fi

# PostgreSQL (optional): start the local cluster and give the tests their database.
if [ "$want_pg" = 1 ]; then
  url="postgres://parley:parley@localhost:5432/parley_test"
  probe() { command -v psql >/dev/null 2>&1 && psql "$url" -qAtc 'select 1' >/dev/null 2>&1; }
  if probe; then
    export TEST_DATABASE_URL="$url"
  elif command -v pg_ctlcluster >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    cluster=$(pg_lsclusters -h 2>/dev/null | awk 'NR == 1 { print $1, $2 }')
    if [ -z "$cluster" ]; then
      version=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -1)
      pg_createcluster "$version" main >/dev/null
      cluster="$version main"
    fi
    # shellcheck disable=SC2086 # "15 main": two arguments
    pg_ctlcluster $cluster start 2>/dev/null || true
    for _ in $(seq 1 30); do
      su postgres -c "psql -qAtc 'select 1'" >/dev/null 2>&1 && break
      sleep 1
    done
    su postgres -c "psql -qc \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'parley') THEN CREATE ROLE parley LOGIN SUPERUSER PASSWORD 'parley'; END IF; END \\\$\\\$;\"" >/dev/null || true
    su postgres -c "createdb -O parley parley_test" 2>/dev/null || true
    if probe; then
      export TEST_DATABASE_URL="$url"
    else
      say "PostgreSQL did not answer at $url: the server suite runs on PGlite only"
    fi
  else
    say "no PostgreSQL at $url: the server suite runs on PGlite only (with PostgreSQL installed and started, it also runs there)"
  fi
fi

if [ $# -gt 0 ]; then
  exec "$@"
fi
