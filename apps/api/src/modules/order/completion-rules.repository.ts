import type { Db } from '../../db/query-helpers.ts';

/** The admins' choices per service of a compulsory completion screenshot (migration 033). */
export const completionRulesRepository = {
  /** goods type → required, for the services an admin chose for; the others follow the domain's default. */
  async chosen(db: Db): Promise<Record<string, boolean>> {
    const rows = await db.selectFrom('completion_rules').select(['goods_type', 'screenshot_required']).execute();
    return Object.fromEntries(rows.map((row) => [row.goods_type, Number(row.screenshot_required) === 1]));
  },

  async set(db: Db, rule: { goodsType: string; screenshotRequired: boolean; at: string }): Promise<void> {
    const values = { screenshot_required: rule.screenshotRequired ? 1 : 0, updated_at: rule.at };
    await db
      .insertInto('completion_rules')
      .values({ goods_type: rule.goodsType, ...values })
      .onConflict((oc) => oc.column('goods_type').doUpdateSet(values))
      .execute();
  },
};
