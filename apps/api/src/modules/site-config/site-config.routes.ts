import type { FastifyInstance } from 'fastify';
import { WeixinServiceResponseSchema } from '@kuaibao/domain';
import { sendData } from '../../http/envelope.ts';
import { visitorContext } from '../../http/visitor-context.ts';

export function registerSiteConfigRoutes(app: FastifyInstance): void {
  /** h5 init (spec §4 start-up): goods, config and the previous visit's form. */
  app.get('/api/h5/corp', async (request, reply) => {
    const visitor = visitorContext(request, app.config.publicBaseUrl);
    const [goods, config, prevInfo] = await Promise.all([
      app.services.goods.listActiveGoods(),
      app.services.siteConfig.getSiteConfig(visitor.corpId),
      app.services.orders.findPrevInfo(visitor.prevId),
    ]);
    // h5 visitors are anonymous: no token, app id or mini-program package (those belong to the corp variants).
    return sendData(reply, { goods, token: '', appid: '', package: '', config, prev_info: prevInfo }, { encrypt: prevInfo !== null });
  });

  app.get('/api/user/config', async (request, reply) => {
    const visitor = visitorContext(request, app.config.publicBaseUrl);
    return sendData(reply, await app.services.siteConfig.getSiteConfig(visitor.corpId));
  });

  app.get('/api/weixin/service', async (request, reply) => {
    const config = await app.services.siteConfig.getSiteConfig(visitorContext(request, app.config.publicBaseUrl).corpId);
    return sendData(reply, WeixinServiceResponseSchema.parse({ kf: { address: config.service_weixin ?? '', phone: config.service_phone } }));
  });
}
