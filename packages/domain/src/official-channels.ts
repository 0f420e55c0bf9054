import { OFFICIAL_CHANNEL_NAME, OFFICIAL_CHANNEL_URL, THIRD_PARTY_DISCLOSURE, type GoodsType } from './goods-texts.ts';

/*
 * Each service's own free official channel (docs/product/texts.md#free-official-channels): the
 * annual report on gsxt; a cancellation on the local government-services portal's 企业注销 area,
 * the simplified cancellation's notice on gsxt; credit repair on gsxt, penalties of other
 * departments on 信用中国. Small on purpose: the home's disclosure reads it at first paint, so it
 * travels in the home route's script (the longer notices are in service-notices.ts).
 */

export type OfficialChannel = { name: string; url: string };

export const GSXT: OfficialChannel = { name: OFFICIAL_CHANNEL_NAME, url: OFFICIAL_CHANNEL_URL };
export const CREDIT_CHINA: OfficialChannel = { name: '“信用中国”网站', url: 'https://www.creditchina.gov.cn' };

const at = (channel: OfficialChannel) => `${channel.name}（${channel.url}）`;

const CHANNELS: Record<GoodsType, { channels: readonly OfficialChannel[]; sentence: string }> = {
  license_year: { channels: [GSXT], sentence: `企业也可登录${at(GSXT)}自行免费填报年报。` },
  license_destory: { channels: [GSXT], sentence: `注销也可在当地政务服务网“企业注销”专区自行免费办理，简易注销在${at(GSXT)}免费公示。` },
  credit_repair: { channels: [GSXT, CREDIT_CHINA], sentence: `信用修复也可在${at(GSXT)}免费申请，其他部门的行政处罚可在${at(CREDIT_CHINA)}申请。` },
};

/** The service's own free official channels, in the order its sentence names them. */
export function officialChannels(type: GoodsType): readonly OfficialChannel[] {
  return CHANNELS[type].channels;
}

/** "We are a paid agent, not the authority", then where the service is free (addresses in it). */
export function thirdPartyDisclosure(type: GoodsType): string {
  return `${THIRD_PARTY_DISCLOSURE}${CHANNELS[type].sentence}`;
}
