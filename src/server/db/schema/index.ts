// Every table of the database, one module per area. drizzle-kit reads this file.
export * from './resources'
