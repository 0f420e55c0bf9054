import { ConfigError, loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { resetStaffPassword } from '../staff/index.ts';

/**
 * `npm run console:reset-password -- <username>`: gives a staff account a new random password
 * (printed once, to be changed at the next sign-in), re-enables it and ends its sessions. For the
 * day the last admin's password is lost; run it on the server, with the server's configuration.
 */
async function main(): Promise<void> {
  const username = (process.argv[2] ?? '').trim().toLowerCase();
  if (!username) {
    console.error('usage: npm run console:reset-password -- <username>');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await createDatabase(config.database);
  try {
    await migrate(database);
    const reset = await resetStaffPassword(database.db, username, new Date());
    if (!reset) {
      console.error(`no staff account named ${username}`);
      process.exitCode = 1;
      return;
    }
    console.log(`new password for ${reset.username} (${reset.role}): ${reset.password}\n(shown only this once; it must be changed at the next sign-in)`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
