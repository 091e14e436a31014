#!/usr/bin/env bash
# Installs what the tests need on a Debian machine beyond Node and npm: Debian's Chromium (end-to-end
# tests drive it through Playwright; no browser download), libsecret and a compiler (keytar's native
# build), GNOME Keyring and D-Bus (a real OS keychain in the tests), CJK fonts (screenshots and
# certificate PDFs), poppler-utils (PDF pages to PNG) and a PostgreSQL server on 127.0.0.1:5432 with
# trust authentication (the second test pass). Safe to run again: it installs only what is missing.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

need=()
command -v chromium >/dev/null || need+=(chromium)
dpkg -s libsecret-1-dev >/dev/null 2>&1 || need+=(libsecret-1-dev)
command -v gnome-keyring-daemon >/dev/null || need+=(gnome-keyring)
command -v dbus-run-session >/dev/null || need+=(dbus-bin dbus-daemon dbus-x11)
command -v g++ >/dev/null || need+=(g++ make python3)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
command -v pdftoppm >/dev/null || need+=(poppler-utils)
pg_up() { pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1; }
if ! command -v pg_isready >/dev/null || ! pg_up; then
  command -v pg_ctlcluster >/dev/null || need+=(postgresql)
fi
if [ ${#need[@]} -gt 0 ]; then
  echo "== apt-get install ${need[*]}"
  as_root apt-get update -qq
  as_root apt-get install -y -qq "${need[@]}" >/dev/null
fi

if ! pg_up; then
  echo "== starting PostgreSQL (trust on 127.0.0.1)"
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  conf=/etc/postgresql/$version/main/pg_hba.conf
  as_root sed -i -E 's/^(host\s+all\s+all\s+127\.0\.0\.1\/32\s+)\S+/\1trust/; s/^(local\s+all\s+postgres\s+)\S+/\1trust/' "$conf"
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
fi
pg_up || { echo "PostgreSQL does not answer on 127.0.0.1:5432" >&2; exit 1; }
