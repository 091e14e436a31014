// Every table of the database, one module per area. drizzle-kit reads this file.
export * from './resources'
export * from './identity'
export * from './auth'
export * from './system'
export * from './flow'
