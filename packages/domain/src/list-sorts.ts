/**
 * The lists' sort whitelists. Apart from the zod contracts on purpose: the console imports these at
 * run time, and a module that builds zod schemas would bring zod's eval probe into the console's
 * pages (refused by its Content-Security-Policy).
 */

/** The order list's sortable columns and directions: a whitelist, so no column name comes from the client. */
export const CONSOLE_ORDER_SORTS = ['pay_time_asc', 'pay_time_desc', 'created_desc', 'create_time_asc', 'create_time_desc', 'total_fee_asc', 'total_fee_desc'] as const;
export type ConsoleOrderSort = (typeof CONSOLE_ORDER_SORTS)[number];
/** The other time-based lists sort by time only. */
export const CONSOLE_TIME_SORTS = ['created_at_asc', 'created_at_desc'] as const;
export type ConsoleTimeSort = (typeof CONSOLE_TIME_SORTS)[number];
