import type { Seeder } from '../seed/context'

/** First-start data of the area (dictionaries, data scopes, demo rows). */
export const openSeeder: Seeder = async () => {}
