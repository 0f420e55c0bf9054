/**
 * Which price of a service applies to a company (docs/decisions/059-prices-per-customer-kind-and-channel.md).
 * A service has its price (the companies' price) and, optionally, a second one for 个体工商户. The
 * kind comes from the company's unified social credit code, its registration record: the code's first
 * two characters are 92 for a 个体工商户 (GB 32100-2015: 9 market regulation, 2 个体工商户). A
 * 个体工商户's name may not contain 公司, so a name that does is charged as a company whatever the code
 * says: a typed code alone never buys the other price. A module of its own, so the pages that show the
 * price carry only this (decision 011).
 */
import { isIndividualBusinessCode } from './representative.ts';

export type CustomerKind = 'individual' | 'company';

/** The price fields of a service: `individual_price_fen` null or absent = the same price for everyone. */
export interface PricedGoods {
  price_fen: number;
  individual_price_fen?: number | null;
}

export function customerKind(creditCode: string, entityName: string): CustomerKind {
  return isIndividualBusinessCode(creditCode) && !entityName.includes('公司') ? 'individual' : 'company';
}

/** The amount in fen an order of this service costs this company. */
export function priceForCustomer(goods: PricedGoods, creditCode: string, entityName: string): number {
  const individual = goods.individual_price_fen;
  return typeof individual === 'number' && customerKind(creditCode, entityName) === 'individual' ? individual : goods.price_fen;
}

/** The service has a second price for 个体工商户 that differs from its price. */
export function hasIndividualPrice(goods: PricedGoods): boolean {
  return typeof goods.individual_price_fen === 'number' && goods.individual_price_fen !== goods.price_fen;
}
