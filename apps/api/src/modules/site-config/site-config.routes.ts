import type { FastifyInstance } from 'fastify';
import { AgreementSchema, AppError, InitResponseSchema, SiteConfigSchema, WeixinServiceResponseSchema, type Goods, type InitResponse, type SiteConfig } from '@kuaibao/domain';
import { apiRoute } from '../../http/route.ts';
import { visitorContext } from '../../http/visitor-context.ts';
import { deepFreeze } from '../../shared-state/cached-value.ts';

export function registerSiteConfigRoutes(app: FastifyInstance): void {
  /**
   * The start-up answer without a previous form is the same for every visitor of a corp while the
   * catalog is unchanged: composed once per (config, goods) pair the services keep, and frozen, so
   * that the route checks and serialises it once (http/route.ts, http/envelope.ts).
   */
  const anonymousInits = new WeakMap<SiteConfig, WeakMap<readonly Goods[], InitResponse>>();
  function anonymousInit(goods: readonly Goods[], config: SiteConfig): InitResponse {
    let byGoods = anonymousInits.get(config);
    if (!byGoods) anonymousInits.set(config, (byGoods = new WeakMap()));
    let init = byGoods.get(goods);
    if (!init) byGoods.set(goods, (init = deepFreeze({ goods: goods as Goods[], token: '', appid: '', package: '', config, prev_info: null })));
    return init;
  }

  apiRoute(app, {
    method: 'GET',
    url: '/api/h5/corp',
    summary: "Start-up of the h5 app: goods, config and the previous visit's form",
    tag: 'site-config',
    response: InitResponseSchema,
    // Encrypted only when it carries the previous visit's form.
    encrypt: (init) => init.prev_info !== null,
    handler: async (request) => {
      const visitor = visitorContext(request, app.config.publicBaseUrl);
      const [goods, config, prevInfo] = await Promise.all([
        app.services.goods.listActiveGoods(),
        app.services.siteConfig.getSiteConfig(visitor.corpId),
        app.services.orders.findPrevInfo(visitor.prevId),
      ]);
      // h5 visitors are anonymous: no token, app id or mini-program package (those belong to the corp variants).
      if (!prevInfo) return anonymousInit(goods, config);
      return { goods, token: '', appid: '', package: '', config, prev_info: prevInfo };
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/api/user/config',
    summary: 'The site configuration the visitor app shows',
    tag: 'site-config',
    response: SiteConfigSchema,
    handler: async (request) => app.services.siteConfig.getSiteConfig(visitorContext(request, app.config.publicBaseUrl).corpId),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/api/h5/agreement',
    summary: 'The current service agreement with its version (decision 034): after an order was refused for an older version',
    tag: 'site-config',
    response: AgreementSchema,
    handler: async () => {
      const agreement = await app.services.siteConfig.currentAgreement();
      if (!agreement) throw new AppError('NOT_FOUND');
      return agreement;
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/api/weixin/service',
    summary: 'Customer service contact',
    tag: 'site-config',
    response: WeixinServiceResponseSchema,
    handler: async (request) => {
      const config = await app.services.siteConfig.getSiteConfig(visitorContext(request, app.config.publicBaseUrl).corpId);
      return WeixinServiceResponseSchema.parse({ kf: { address: config.service_weixin ?? '', phone: config.service_phone } });
    },
  });
}
