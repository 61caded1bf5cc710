/**
 * The documents routes with their files kept in the database (FILE_STORE=database, D27) rather than on
 * disk: the same tests, run again with the other store. On PostgreSQL with TEST_DATABASE_URL.
 */
process.env.TEST_FILE_STORE = 'database';
await import('./documents.test.js');
await import('./registration-form.test.js');
