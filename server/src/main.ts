import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  if (server.createdAdmin) {
    const { username, password, generated } = server.createdAdmin;
    console.log(
      generated
        ? `Created the staff account "${username}" with the password: ${password}\nIt is shown only this once. Change it with: npm run cli -- reset-staff-password ${username}`
        : `Created the staff account "${username}" with the password from ADMIN_PASSWORD.`,
    );
  }
  console.log(`Student Portal is running at ${server.url} (database: ${server.database.kind})`);
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Student Portal could not start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
