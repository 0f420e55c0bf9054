import type { Kysely } from 'kysely';
import {
  AppError,
  type CorpInitResponse,
  type CorpOrderListResponse,
  type CreateOrderRequest,
  type CreateOrderResponse,
  type GoodsType,
  type OrderRecord,
  type RecentOrderResponse,
} from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import type { VisitorContext } from '../../http/visitor-context.ts';
import type { AccountService, AuthenticatedUser } from '../account/index.ts';
import type { GoodsService } from '../goods/index.ts';
import { ordersOfUser, type OrderService } from '../order/index.ts';
import type { SiteConfigService } from '../site-config/index.ts';

/**
 * The official-account variant's calls (docs/product/api.md /api/corp*). Every order call is for the
 * logged-in visitor's own orders: someone else's order answers exactly like a missing one.
 */
export interface CorpService {
  /** GET /api/corp: the h5 init, plus the official account's appid and authorization page. */
  init(visitor: VisitorContext): Promise<CorpInitResponse>;
  listOrders(user: AuthenticatedUser, goodsType: GoodsType | undefined): Promise<CorpOrderListResponse>;
  /** Throws ORDER_NOT_FOUND for a missing order and for another visitor's. */
  getOrder(user: AuthenticatedUser, publicId: string): Promise<OrderRecord>;
  /** The visitor's latest order for this goods and company, as form fields (the ID number is never returned). */
  recentOrder(user: AuthenticatedUser, input: { goodsId: number; entityId: string }): Promise<RecentOrderResponse>;
  /** POST /api/corp/order: the h5 order, owned by the visitor and paid with their openid. */
  createOrder(user: AuthenticatedUser, form: CreateOrderRequest, visitor: VisitorContext): Promise<CreateOrderResponse>;
}

/** The list is per visitor; nobody files this many applications. */
const LIST_LIMIT = 100;

export function createCorpService(deps: {
  db: Kysely<Database>;
  orders: OrderService;
  goods: GoodsService;
  siteConfig: SiteConfigService;
  accounts: AccountService;
}): CorpService {
  const { db, orders } = deps;
  return {
    async init(visitor) {
      const [goods, config, prevInfo] = await Promise.all([
        deps.goods.listActiveGoods(),
        deps.siteConfig.getSiteConfig(visitor.corpId),
        orders.findPrevInfo(visitor.prevId),
      ]);
      const { appid, authorizeUrl } = deps.accounts.authorization();
      // The token comes from the login call, never from the init.
      return { goods, token: '', appid, package: '', config, prev_info: prevInfo, authorize_url: authorizeUrl };
    },

    async listOrders(user, goodsType) {
      const rows = await ordersOfUser.list(db, { userId: user.id, goodsType, limit: LIST_LIMIT });
      return { items: await Promise.all(rows.map((row) => orders.recordOf(row))) };
    },

    async getOrder(user, publicId) {
      const owner = await ordersOfUser.findOwner(db, publicId);
      if (!owner || owner.user_id !== user.id) throw new AppError('ORDER_NOT_FOUND');
      return orders.getOrderForVisitor(publicId);
    },

    async recentOrder(user, input) {
      const row = await ordersOfUser.findLatestForCompany(db, { userId: user.id, ...input });
      if (!row) return null;
      return { goods_id: row.goods_id, entity_name: row.entity_name, entity_id: row.entity_id, entity_legal: row.entity_legal, entity_phone: row.entity_phone };
    },

    createOrder(user, form, visitor) {
      return orders.createOrder(form, { ...visitor, payer: { userId: user.id, openid: user.openid, appKind: user.appKind } });
    },
  };
}
