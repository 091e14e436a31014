import { defineConfig } from 'drizzle-kit'

// The schema is TypeScript in src/server/db/schema; migrations are generated SQL, checked in.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
})
