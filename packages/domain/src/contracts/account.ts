import { z } from 'zod';
import { GOODS_TYPES } from '../goods-texts.ts';
import { LOGIN_CODE_TYPES } from '../wechat-login.ts';
import { InitResponseSchema, PrevInfoSchema } from './init.ts';
import { OrderRecordSchema } from './order.ts';

/**
 * WeChat login and the official-account (corp) calls of docs/product/api.md: POST /api/corp/user/login,
 * POST /api/h5/user/login, POST /api/corp/user/oauth-state (decision 013), GET /api/user, GET /api/corp, GET /api/corp/order[/detail|/goods|/recent].
 */

/**
 * login_type 'weixin' with the code WeChat gave the page (wx-oa) or the mini-program (wx-mp).
 * A wx-oa code also carries the `state` WeChat handed back with it, which must be the one
 * POST /api/corp/user/oauth-state issued to this browser (decision 013); any text is accepted
 * here so that a wrong one is answered WECHAT_STATE_INVALID, not a validation error.
 */
export const LoginRequestSchema = z.object({
  login_type: z.string().max(20),
  weixin: z.object({
    code: z.string().trim().min(1).max(256),
    code_type: z.enum(LOGIN_CODE_TYPES),
    state: z.string().max(256).optional(),
  }),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/**
 * POST /api/corp/user/oauth-state: a fresh state for the authorization address. The answer also
 * sets an HttpOnly cookie binding it to this browser; the login accepts the code only with it.
 */
export const OAuthStateResponseSchema = z.object({
  state: z.string(),
  /** When the state stops working (ISO-8601 UTC). */
  expire_time: z.string(),
});
export type OAuthStateResponse = z.infer<typeof OAuthStateResponseSchema>;

export const LoginResponseSchema = z.object({
  token: z.string(),
  /** When the token stops working (ISO-8601 UTC). */
  expire_time: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** GET /api/user (docs/product/data.md#user-info; `avater` keeps the spec's spelling). Empty avater: show the default. */
export const UserInfoSchema = z.object({ name: z.string(), avater: z.string() });
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** GET /api/corp: the h5 init plus where to send the visitor for WeChat authorization. */
export const CorpInitResponseSchema = InitResponseSchema.extend({
  /** The authorization page (WeChat's, or the mock's in dev and test); `appid` is the official account's. */
  authorize_url: z.string(),
});
export type CorpInitResponse = z.infer<typeof CorpInitResponseSchema>;

/** GET /api/corp/order: one goods type, or every type when absent. */
export const CorpOrderListQuerySchema = z.object({ goods_type: z.enum(GOODS_TYPES).optional() });

export const CorpOrderListResponseSchema = z.object({ items: z.array(OrderRecordSchema) });
export type CorpOrderListResponse = z.infer<typeof CorpOrderListResponseSchema>;

/** GET /api/corp/order/recent (docs/product/api.md#routes): goods_type carries the chosen goods id. */
export const RecentOrderQuerySchema = z.object({
  goods_type: z.union([z.string().regex(/^\d{1,9}$/), z.number().int().positive()]),
  entity_id: z.string().trim().min(1).max(18),
});

/** What the form takes over from the visitor's latest order for the company; null when there is none. */
export const RecentOrderResponseSchema = PrevInfoSchema.nullable();
export type RecentOrderResponse = z.infer<typeof RecentOrderResponseSchema>;
