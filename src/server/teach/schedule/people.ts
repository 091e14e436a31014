import { eq } from 'drizzle-orm'
import type { Data } from '../../core/data'
import { baseTeacher } from '../../db/schema'

/** The caller's own teacher row (base_teacher by account), or null. */
export async function ownTeacher(data: Data) {
  return data.repo(baseTeacher).first(eq(baseTeacher.userId, data.me.userId))
}
