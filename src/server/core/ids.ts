import { randomInt } from 'node:crypto'

/**
 * Snowflake-style 64-bit ids as decimal strings (BladeX ids look like 1123598821738675201).
 * 41 bits of milliseconds since 2020, 10 bits of a per-process worker number, 12 bits of sequence,
 * so several server processes over one database do not collide.
 */
const EPOCH = 1577836800000n
const worker = BigInt(randomInt(0, 1024))
let lastMs = 0n
let seq = 0n

export function nextId(): string {
  let now = BigInt(Date.now())
  if (now === lastMs) {
    seq = (seq + 1n) & 4095n
    if (seq === 0n) {
      while (now <= lastMs) now = BigInt(Date.now())
    }
  } else {
    seq = 0n
  }
  if (now < lastMs) now = lastMs
  lastMs = now
  return (((now - EPOCH) << 22n) | (worker << 12n) | seq).toString()
}
