import type * as SheetJS from 'xlsx'
import { lazyRequire } from './lazy-require'

/**
 * SheetJS, loaded by the first request that reads or writes a workbook: loaded at start it held
 * ≈ 30 MiB of an idle server's resident set, which the equipment import (rows arrive as JSON) and
 * most requests never use.
 */
export const sheetjs = lazyRequire<typeof SheetJS>('xlsx')
