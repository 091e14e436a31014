import { setFlagsFromString } from 'node:v8'

/**
 * The server process's old generation grows by at most half its live size before a full GC
 * (`--heap-growing-percent=50`; V8's own factor goes up to 4×). A 50,000-row import makes its
 * garbage in one burst; left to the default, V8 let it pile up to ≈ 200 MiB over a live heap of
 * ≈ 80 MiB before collecting any, and the server's resident set passed the 400 MB budget
 * (docs/domain/assets.md, 仪器设备 import). The price is CPU for the extra marking: that import took
 * 10.0 s of server CPU with it against 6.8 s without (same code, 2026-11-28), which the in-place
 * `Repo.insertMany` then won back. Called first thing by every server entry (cli.ts, embedded.ts),
 * so the desktop app's server and the standalone one run alike; V8 reads this flag each time it
 * sets the next limit, so setting it at start takes effect.
 */
export function tuneServerHeap() {
  setFlagsFromString('--heap-growing-percent=50')
}
