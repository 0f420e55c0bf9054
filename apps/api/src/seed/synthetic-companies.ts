import { CITIES, creditCodeCheckChar, type City, type District } from '@kuaibao/domain';

/**
 * A deterministic generator of realistic-looking Chinese registry entries for the local company
 * directory, the tests and the search benchmark (docs/product/company-search.md). Everything comes from
 * a seeded PRNG: the same (count, seed) always yields the same list, in the same order.
 *
 * Names: region + trade name (字号, Zipf-weighted characters) + industry + organisational form;
 * branches (分公司), limited partnerships, individual businesses (个体工商户: 商行/经营部/餐馆…,
 * credit code 92…) and farmers' cooperatives (专业合作社, 93…); companies are 91….
 * Credit codes carry the registering region's division code (positions 3–8), a GB 11714
 * organisation code with its own check character (9–17) and the GB 32100 mod-31 check character.
 * Names and codes are unique. Not real data except the FIXED_COMPANIES.
 */

export interface SyntheticCompany {
  name: string;
  credit_code: string;
  /** legal representative (法定代表人 / 经营者), 2–4 characters */
  oper_name: string;
  status: string;
  /** the registering region, e.g. 浙江省杭州市西湖区 */
  region: string;
}

/**
 * Fixed entries that tests and demos can rely on; they come first in every generated list.
 * The first five are well-known companies with the codes commonly cited for them (the name↔code
 * pairs are unverified against the registry, see docs/product/validation.md#credit-code); the rest are invented.
 */
export const FIXED_COMPANIES: readonly SyntheticCompany[] = [
  { name: '北京字节跳动科技有限公司', credit_code: '91110108551385082Q', oper_name: '张一鸣', status: '存续', region: '北京市海淀区' },
  { name: '华为技术有限公司', credit_code: '914403001922038216', oper_name: '赵明路', status: '存续', region: '广东省深圳市' },
  { name: '深圳市腾讯计算机系统有限公司', credit_code: '9144030071526726XG', oper_name: '马化腾', status: '存续', region: '广东省深圳市' },
  { name: '贵州茅台酒股份有限公司', credit_code: '91520000214434146R', oper_name: '张德芹', status: '存续', region: '贵州省' },
  { name: '阿里巴巴（中国）网络技术有限公司', credit_code: '91330100716105852F', oper_name: '蒋芳', status: '存续', region: '浙江省杭州市' },
  { name: '杭州市西湖区张记面馆', credit_code: '92330106MA2CJ7K44M', oper_name: '张建国', status: '存续', region: '浙江省杭州市西湖区' },
  { name: '寿光市绿源蔬菜种植专业合作社', credit_code: '93370783MA3NQ5R86Y', oper_name: '王立新', status: '存续', region: '山东省潍坊市寿光市' },
  { name: '上海浦江之星软件开发有限公司', credit_code: '91310115MA1H8W3T15', oper_name: '李明远', status: '存续', region: '上海市浦东新区' },
  { name: '深圳市ABAB文化传媒有限公司', credit_code: '91440300MA5FK2DL93', oper_name: '欧阳建华', status: '在业', region: '广东省深圳市' },
];

// ---------------------------------------------------------------------------------------------
// PRNG and weighted choice

/** mulberry32: tiny, fast, good enough for synthetic data; never Math.random. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Weighted<T> {
  items: readonly T[];
  cumulative: Float64Array;
}

function weighted<T>(items: readonly T[], weights: readonly number[]): Weighted<T> {
  const cumulative = new Float64Array(items.length);
  let sum = 0;
  items.forEach((_, i) => {
    sum += weights[i] ?? 0;
    cumulative[i] = sum;
  });
  for (let i = 0; i < cumulative.length; i++) cumulative[i] = cumulative[i]! / sum;
  return { items, cumulative };
}

/** Zipf weights 1/rank^s over the items in the given (rank) order. */
function zipf<T>(items: readonly T[], s: number): Weighted<T> {
  return weighted(
    items,
    items.map((_, i) => 1 / Math.pow(i + 1, s)),
  );
}

function pick<T>(w: Weighted<T>, r: number): T {
  let lo = 0;
  let hi = w.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (w.cumulative[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return w.items[lo]!;
}

const chars = (s: string): string[] => [...new Set(Array.from(s.replace(/\s+/g, '')))];
const words = (s: string): string[] => s.trim().split(/\s+/);

// ---------------------------------------------------------------------------------------------
// Vocabulary, most common first

const TRADE_CHARS = zipf(
  chars(`
    鑫华盛达源恒泰丰德信诚兴祥瑞佳宏金鼎隆通顺中安新天国海东明荣昌永嘉创博科美和福康宇辉星亿润聚利汇联正元宝
    启航晟弘峰盈裕广益合远景龙凯万成众君尚睿智优卓越锦鸿志伟豪辰旭阳光大森林蓝山水云川江河湖泉石玉晶乐悦欣怡雅
    致精品诺思维迪凡特纳斯克拉普尔威邦易捷迅飞翔鹏程骏驰奥锐融泽霖图浩瀚铭扬禾夏方南北西长城黄桥银朝晨曦春秋冠
    英才家百千一道本真善仁义礼惠民生富贵吉喜庆平静心田园绿青红紫白亚洲环球世纪时代未来梦想乡村老记坊阁轩斋堂居
    苑府楼台亭庄岛湾港岭溪潭原野文武周秦汉唐宋清风月雪霞虹彩丽秀芳菲兰梅竹菊松柏杉桦枫橙橘桃李杏梨果粮米麦豆
    茶香甜酷炫极致尊享誉帝皇王侯将帅士勇力强壮健奇妙灵动静怡然若素简朴匠工艺技术研发展望远航际宸钰璟琪瑾璐珂
    瑶琳琦珊璇玮琛瑜璞珍珠翠碧琥珀钻铂锋钧铭铖铄镇宁静熙煜炜烨焱燊灿炎森淼鑫垚磊犇骉麟凤凰鹤鸾雁鹰燕莺鹭鲲
    鹏豹虎狮象驹骐骥腾跃赢胜凯旋捷登攀高升荣耀辉煌光明朗晴暖阳晖曜昊昱昀晓曙旦初始原点线面体位置界域境
  `),
  0.8,
);

const INDUSTRIES = zipf(
  words(`
    科技 贸易 网络科技 商贸 信息技术 建筑工程 电子 文化传媒 实业 餐饮管理 物流 企业管理咨询 建材 装饰工程
    机械设备 生物科技 医疗器械 食品 农业发展 新能源 环保科技 供应链管理 房地产开发 物业管理 汽车销售服务 广告
    教育科技 人力资源 劳务 酒店管理 旅游发展 服装 电气 化工 印刷 家具 体育文化 智能科技 软件开发 电子商务
    投资 工程技术 水利工程 园林绿化 安防科技 健康管理 光电科技 新材料 数据科技 影视文化 国际贸易 进出口
    钢铁 能源 矿业 石油化工 纺织 塑料制品 五金制品 包装 电力工程 通信技术 仪器仪表 照明电器 茶业 酒业 药业
    检测技术 运输 冷链物流 货运代理 仓储服务 保洁服务 家政服务 会展服务 设计 市政工程 精密机械 汽车零部件
  `),
  0.9,
);

const PARTNERSHIP_INDUSTRIES = zipf(words('股权投资 投资管理 创业投资 企业管理咨询 投资 私募股权投资 科技合伙 资产管理'), 0.9);

const SHOP_TYPES = zipf(
  words(`
    商行 经营部 便利店 餐馆 小吃店 超市 五金店 理发店 水果店 烟酒店 服装店 面馆 食品店 建材经营部
    汽车维修部 百货商店 茶叶店 副食店 农资店 花店 快餐店 烧烤店 美容美发店 家电维修部 手机店 母婴店
    文具店 装饰部 电动车行 粮油店 干洗店 工作室 饭店 酒家 批发部 门市部 养殖场 种植园 加工厂 服务部
  `),
  1.0,
);

const COOP_PRODUCTS = zipf(
  words(`
    蔬菜种植 水果种植 生猪养殖 肉牛养殖 家禽养殖 茶叶种植 中药材种植 农机 粮食种植 食用菌种植 水产养殖
    苗木种植 花卉种植 土地股份 养蜂 肉羊养殖 葡萄种植 核桃种植 草莓种植 林果
  `),
  0.9,
);

const SURNAMES = zipf(
  chars(`
    王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈
    姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤
  `),
  0.9,
);
const COMPOUND_SURNAMES = words('欧阳 司马 诸葛 上官 东方 皇甫 慕容 令狐 夏侯 尉迟');
const GIVEN_CHARS = zipf(
  chars(`
    伟芳娜秀敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国志红玉梅文辉鹏飞斌宇浩凯俊峰晨阳林海波宁
    亮健雪琳颖婷欣怡佳慧丹萍燕晶洁鑫磊博轩然子涵梓晗雨泽睿思嘉琪瑶欢春秋冬云龙虎德福寿喜庆荣昌盛兴旺
  `),
  0.7,
);

const STATUSES = weighted(['存续', '在业', '注销', '吊销'], [84, 9, 5, 2]);

type Kind = 'ltd' | 'llc' | 'joint_stock' | 'branch' | 'partnership' | 'individual' | 'cooperative';
const KINDS = weighted<Kind>(
  ['ltd', 'llc', 'joint_stock', 'branch', 'partnership', 'individual', 'cooperative'],
  [551, 92, 39, 41, 20, 198, 59],
);

// Registration tends to happen where the people are.
const CITY_WEIGHTS = weighted(
  CITIES,
  CITIES.map((c) => (c.province.municipality ? 6 : 1) * (['深圳市', '广州市', '杭州市', '成都市', '苏州市', '武汉市', '南京市'].includes(c.name) ? 3 : 1)),
);

// ---------------------------------------------------------------------------------------------
// Credit codes

const ORG_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];
/** characters allowed in credit codes (GB 32100: no I, O, Z, S, V) */
const CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** GB 11714 check character of an 8-character organisation code body. */
function orgCodeCheck(body: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += ORG_CHARS.indexOf(body.charAt(i)) * ORG_WEIGHTS[i]!;
  const c = 11 - (sum % 11);
  return c === 10 ? 'X' : c === 11 ? '0' : String(c);
}

// ---------------------------------------------------------------------------------------------

export interface GenerateOptions {
  /** PRNG seed; default 20240701 */
  seed?: number;
  /** include FIXED_COMPANIES first (default true) */
  fixed?: boolean;
}

/** `count` unique entries (FIXED_COMPANIES first, unless `fixed: false`), deterministic for a seed. */
export function generateCompanies(count: number, opts: GenerateOptions = {}): SyntheticCompany[] {
  const rnd = mulberry32(opts.seed ?? 20240701);
  const int = (n: number) => Math.floor(rnd() * n);
  const chance = (p: number) => rnd() < p;
  const one = <T>(list: readonly T[]): T => list[int(list.length)]!;

  const out: SyntheticCompany[] = [];
  const names = new Set<string>();
  const codes = new Set<string>();
  if (opts.fixed !== false) {
    for (const f of FIXED_COMPANIES) {
      if (out.length >= count) break;
      out.push({ ...f });
      names.add(f.name);
      codes.add(f.credit_code);
    }
  }

  const tradeName = (): string => {
    const r = rnd();
    const len = r < 0.8 ? 2 : r < 0.95 ? 3 : 4;
    let s = '';
    for (let i = 0; i < len; i++) s += pick(TRADE_CHARS, rnd());
    return s;
  };

  const person = (): string => {
    const surname = chance(0.015) ? one(COMPOUND_SURNAMES) : pick(SURNAMES, rnd());
    const given = chance(0.3) ? 1 : 2;
    let s = surname;
    for (let i = 0; i < given; i++) s += pick(GIVEN_CHARS, rnd());
    return s;
  };

  const creditCode = (prefix: string, division: string): string => {
    for (;;) {
      let body = '';
      if (chance(0.65)) {
        // post-2015 registrations: MA + 6 code characters
        body = 'MA';
        for (let i = 0; i < 6; i++) body += CODE_CHARS.charAt(int(CODE_CHARS.length));
      } else {
        for (let i = 0; i < 8; i++) body += String(int(10));
      }
      const first17 = prefix + division + body + orgCodeCheck(body);
      const code = first17 + creditCodeCheckChar(first17);
      if (!codes.has(code)) {
        codes.add(code);
        return code;
      }
    }
  };

  const district = (city: City): District | undefined => (city.districts.length ? one(city.districts) : undefined);
  const cityPrefix = (city: City): string => city.short || city.name;
  const regionPath = (city: City, d?: District): string =>
    (city.province.municipality ? city.province.name : city.province.name + city.name) + (d ? d.name : '');

  while (out.length < count) {
    const kind = pick(KINDS, rnd());
    const city = pick(CITY_WEIGHTS, rnd());
    let name: string;
    let division: string;
    let region: string;
    let prefix = '91';

    if (kind === 'individual' || kind === 'cooperative') {
      const d = district(city);
      // a county-level city stands alone (寿光市…, not 潍坊市寿光市…)
      const where = !d ? city.name : !d.name.endsWith('市') && (chance(0.7) || city.province.municipality) ? city.name + d.name : d.name;
      division = d ? d.code : city.code;
      region = regionPath(city, d);
      if (kind === 'individual') {
        prefix = '92';
        const r = rnd();
        const who = r < 0.45 ? pick(SURNAMES, rnd()) + '记' : r < 0.55 ? person() : tradeName();
        name = where + who + pick(SHOP_TYPES, rnd());
      } else {
        prefix = '93';
        name = where + tradeName() + pick(COOP_PRODUCTS, rnd()) + (chance(0.6) ? '专业合作社' : '农民专业合作社');
      }
    } else {
      // where the name's region comes from, and which authority registered it
      const r = rnd();
      const d = district(city);
      let lead = '';
      let middle = '';
      if (r < 0.42) {
        lead = city.name; // 深圳市…, 北京市…
        division = city.code;
        region = regionPath(city);
      } else if (r < 0.62) {
        lead = cityPrefix(city); // 深圳…, 北京…
        division = city.code;
        region = regionPath(city);
      } else if (r < 0.74 && d) {
        lead = city.name + d.name; // 杭州市西湖区…
        division = d.code;
        region = regionPath(city, d);
      } else if (r < 0.84) {
        lead = city.province.short; // 浙江…
        division = city.province.code;
        region = city.province.name;
      } else if (r < 0.94) {
        middle = `（${cityPrefix(city)}）`; // …科技（深圳）有限公司
        division = city.code;
        region = regionPath(city);
      } else {
        division = city.code; // no region in the name
        region = regionPath(city);
      }

      if (kind === 'partnership') {
        name = lead + tradeName() + pick(PARTNERSHIP_INDUSTRIES, rnd()) + '合伙企业（有限合伙）';
      } else {
        const form =
          kind === 'llc' ? '有限责任公司' : kind === 'joint_stock' ? '股份有限公司' : chance(0.04) ? '集团有限公司' : '有限公司';
        name = lead + tradeName() + pick(INDUSTRIES, rnd()) + middle + form;
        if (kind === 'branch') {
          // the branch registers where it operates
          const at = pick(CITY_WEIGHTS, rnd());
          const atDistrict = district(at);
          const byDistrict = atDistrict !== undefined && chance(0.2);
          name += cityPrefix(at) + (byDistrict ? atDistrict.name.replace(/[区县市]$/, '') : '') + '分公司';
          division = byDistrict ? atDistrict.code : at.code;
          region = regionPath(at, byDistrict ? atDistrict : undefined);
        }
      }
    }

    if (names.has(name)) continue;
    names.add(name);
    const status = pick(STATUSES, rnd());
    out.push({ name, credit_code: creditCode(prefix, division), oper_name: person(), status, region });
  }
  return out;
}
