#!/usr/bin/env bash
# The server suites again on a PostgreSQL server (the first pass ran them on embedded PGlite): a
# scratch database on $LAB_TEST_PG (default postgres://postgres@127.0.0.1:5432/postgres), dropped after.
set -euo pipefail
admin=${LAB_TEST_PG:-postgres://postgres@127.0.0.1:5432/postgres}
db="lab_ci_$$_$(date +%s)"
psql "$admin" -qc "create database $db" >/dev/null
trap 'psql "$admin" -qc "drop database if exists $db with (force)" >/dev/null 2>&1 || true' EXIT
echo "== server suites on PostgreSQL ($db)"
DATABASE_URL="${admin%/*}/$db" npx vitest run --project server
