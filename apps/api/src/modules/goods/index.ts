/*
 * The goods module's public list: what the rest of the server uses of it (scripts/check-imports.ts
 * refuses an import past this file from outside the module).
 */
export { registerGoodsRoutes } from './goods.routes.ts';
export { createGoodsAdmin, createGoodsService, type GoodsService } from './goods.service.ts';
