import { describe, expect, it } from 'vitest';
import { customerKind, hasIndividualPrice, priceForCustomer } from './customer-price.ts';

const INDIVIDUAL_CODE = '92330106MA2CJ7K44M';
const COMPANY_CODE = '91110108551385082Q';
const TWO_PRICES = { price_fen: 19_900, individual_price_fen: 9_900 };

describe('customerKind', () => {
  it('reads a 个体工商户 from its credit code (92…)', () => {
    expect(customerKind(INDIVIDUAL_CODE, '七星区国伟面馆')).toBe('individual');
    expect(customerKind(` ${INDIVIDUAL_CODE.toLowerCase()}`, '七星区国伟面馆')).toBe('individual');
  });

  it('calls companies, cooperatives and unknown codes companies', () => {
    expect(customerKind(COMPANY_CODE, '北京宝信商贸有限公司')).toBe('company');
    expect(customerKind('93370783MA3NQ5R86Y', '某某种植专业合作社')).toBe('company');
    expect(customerKind('', '')).toBe('company');
  });

  it('never takes a 92 code for an individual business when the name is a company’s', () => {
    expect(customerKind(INDIVIDUAL_CODE, '北京宝信商贸有限公司')).toBe('company');
  });
});

describe('priceForCustomer', () => {
  it('charges a 个体工商户 the individual price and a company the price', () => {
    expect(priceForCustomer(TWO_PRICES, INDIVIDUAL_CODE, '七星区国伟面馆')).toBe(9_900);
    expect(priceForCustomer(TWO_PRICES, COMPANY_CODE, '北京宝信商贸有限公司')).toBe(19_900);
  });

  it('charges everyone the price when the service has no second price', () => {
    expect(priceForCustomer({ price_fen: 19_900, individual_price_fen: null }, INDIVIDUAL_CODE, '七星区国伟面馆')).toBe(19_900);
    expect(priceForCustomer({ price_fen: 19_900 }, INDIVIDUAL_CODE, '七星区国伟面馆')).toBe(19_900);
  });

  it('allows a dearer individual price too', () => {
    expect(priceForCustomer({ price_fen: 9_900, individual_price_fen: 12_900 }, INDIVIDUAL_CODE, '国伟面馆')).toBe(12_900);
  });
});

describe('hasIndividualPrice', () => {
  it('is true only for a second price that differs', () => {
    expect(hasIndividualPrice(TWO_PRICES)).toBe(true);
    expect(hasIndividualPrice({ price_fen: 100, individual_price_fen: 100 })).toBe(false);
    expect(hasIndividualPrice({ price_fen: 100, individual_price_fen: null })).toBe(false);
    expect(hasIndividualPrice({ price_fen: 100 })).toBe(false);
  });
});
