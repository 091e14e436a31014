#!/usr/bin/env bash
# Runs a command with DATABASE_URL set to a scratch database on $LAB_TEST_PG (default
# postgres://postgres@127.0.0.1:5432/postgres), dropped after: `npm run test:unit` runs every vitest
# project this way, so the server suites run on PostgreSQL (the school's server) while the `embedded`
# project and the end-to-end suite cover embedded PGlite.
set -euo pipefail
admin=${LAB_TEST_PG:-postgres://postgres@127.0.0.1:5432/postgres}
db="lab_ci_$$_$(date +%s)"
psql "$admin" -qc "create database $db" >/dev/null
trap 'psql "$admin" -qc "drop database if exists $db with (force)" >/dev/null 2>&1 || true' EXIT
echo "== server suites on PostgreSQL ($db)"
DATABASE_URL="${admin%/*}/$db" "$@"
