import { ConfigError, loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { writeAudit } from './audit.ts';
import { generatePassword, hashPassword } from './password.ts';

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
    const staff = await database.db.selectFrom('staff').select(['id', 'username', 'role']).where('username', '=', username).executeTakeFirst();
    if (!staff) {
      console.error(`no staff account named ${username}`);
      process.exitCode = 1;
      return;
    }
    const password = generatePassword();
    const hash = await hashPassword(password);
    const now = new Date();
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('staff').set({ password_hash: hash, must_change_password: 1, active: 1, updated_at: now.toISOString() }).where('id', '=', staff.id).execute();
      await trx.deleteFrom('staff_sessions').where('staff_id', '=', staff.id).execute();
      await trx.deleteFrom('staff_login_attempts').where('username', '=', staff.username).execute();
      await writeAudit(trx, null, { action: 'staff.update_password_reset', targetType: 'staff', targetId: staff.id, after: { username: staff.username, source: 'command line' } }, now);
    });
    console.log(`new password for ${staff.username} (${staff.role}): ${password}\n(shown only this once; it must be changed at the next sign-in)`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
