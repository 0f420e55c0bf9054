import type { Kysely, Transaction } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** SQL for WeChat visitors and their sessions; no rules here, the service owns them. */
export const accountRepository = {
  /** Creates the visitor on first login, or records the login; returns the row either way. */
  async upsertUser(db: Db, input: { corpId: number; openid: string; appKind: string; appId: string; unionid: string | null; now: string }): Promise<UserRow> {
    return db
      .insertInto('users')
      .values({ corp_id: input.corpId, openid: input.openid, app_kind: input.appKind, app_id: input.appId, unionid: input.unionid, created_at: input.now, last_login_at: input.now })
      .onConflict((oc) =>
        oc.columns(['corp_id', 'openid']).doUpdateSet((eb) => ({
          last_login_at: input.now,
          // A unionid WeChat reports later is kept; one it stops reporting is not forgotten.
          unionid: eb.fn.coalesce(eb.val(input.unionid), eb.ref('users.unionid')),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async insertSession(db: Db, session: { id: string; userId: number; expiresAt: string; ip: string; now: string }): Promise<void> {
    await db.insertInto('user_sessions').values({ id: session.id, user_id: session.userId, expires_at: session.expiresAt, ip: session.ip, created_at: session.now }).execute();
  },

  /** The session and its user, whatever the expiry (the service tells expired from unknown). */
  findSession(db: Db, id: string): Promise<{ expires_at: string; user: UserRow } | undefined> {
    return db
      .selectFrom('user_sessions')
      .innerJoin('users', 'users.id', 'user_sessions.user_id')
      .selectAll('users')
      .select('user_sessions.expires_at as session_expires_at')
      .where('user_sessions.id', '=', id)
      .executeTakeFirst()
      .then((row) => {
        if (!row) return undefined;
        const { session_expires_at: expiresAt, ...user } = row;
        return { expires_at: expiresAt, user };
      });
  },

  findUserById(db: Db, id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Drops a user's sessions that ran out (at login, so the table does not grow with every visit). */
  async deleteExpiredSessions(db: Db, input: { userId: number; now: string }): Promise<void> {
    await db.deleteFrom('user_sessions').where('user_id', '=', input.userId).where('expires_at', '<=', input.now).execute();
  },
};
