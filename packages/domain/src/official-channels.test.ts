import { describe, expect, it } from 'vitest';
import { CREDIT_CHINA, GSXT, officialChannels, thirdPartyDisclosure } from './official-channels.ts';

describe('each service points to its own free official channel', () => {
  it('the annual report: gsxt', () => {
    expect(officialChannels('license_year')).toEqual([GSXT]);
    expect(thirdPartyDisclosure('license_year')).toBe(
      '本平台为第三方代办服务机构，提供有偿代办服务，并非政府或登记机关网站。企业也可登录国家企业信用信息公示系统（https://www.gsxt.gov.cn）自行免费填报年报。',
    );
  });

  it('cancellation: the local government-services portal, the simplified notice on gsxt; no annual-report words', () => {
    const notice = thirdPartyDisclosure('license_destory');
    expect(notice).toContain('注销也可在当地政务服务网“企业注销”专区自行免费办理');
    expect(notice).toContain('简易注销在国家企业信用信息公示系统（https://www.gsxt.gov.cn）免费公示');
    expect(notice).not.toMatch(/年报|年度报告|填报/);
  });

  it('credit repair: gsxt for the lists, 信用中国 for other departments\' penalties; no annual-report words', () => {
    const notice = thirdPartyDisclosure('credit_repair');
    expect(officialChannels('credit_repair')).toEqual([GSXT, CREDIT_CHINA]);
    expect(CREDIT_CHINA.url).toBe('https://www.creditchina.gov.cn');
    expect(notice).toContain('信用修复也可在国家企业信用信息公示系统（https://www.gsxt.gov.cn）免费申请');
    expect(notice).toContain('其他部门的行政处罚可在“信用中国”网站（https://www.creditchina.gov.cn）申请');
    expect(notice).not.toMatch(/年报可|年度报告|填报/);
  });

});
