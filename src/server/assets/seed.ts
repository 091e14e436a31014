import type { Seeder } from '../seed/context'
import { ASSET_DICTIONARIES, seedDictionaries } from './dictionaries'

/** First-start data of the area: its dictionaries (现状码, 使用方向, 经费来源, 国别码, ...). */
export const assetsSeeder: Seeder = async ({ db }) => {
  await seedDictionaries(db, ASSET_DICTIONARIES)
}
