// Server tests run against a real database: PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set.
process.env.TZ = 'UTC';
