/** The console's Actor lives with the staff module; the query helpers with the database. Kept here for the route files' imports. */
export { assertCan, type Actor } from '../staff/actor.ts';
export { likeContains, pageWindow, type Db } from '../../db/query-helpers.ts';
