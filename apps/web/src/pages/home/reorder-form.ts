import type { Goods, ReorderCompany } from '@kuaibao/domain';
import type { OrderForm } from '../../storage.ts';

/**
 * The home form after 为该企业办理…年度年报 (docs/decisions/066-reorder-in-two-taps.md): last year's
 * company, legal representative and phone over whatever the form held, on the annual report. The ID
 * number is emptied, never filled: retention purged it, and it comes back only as the visitor types it.
 */
export function reorderForm(current: OrderForm, company: ReorderCompany, goods: readonly Goods[]): OrderForm {
  const annual = goods.filter((item) => item.goods_type === 'license_year');
  const goodsId = annual.some((item) => item.goods_id === company.goods_id) ? company.goods_id : annual[0]?.goods_id;
  const { entity_status: _status, credit_record: _record, ...rest } = current;
  return {
    ...rest,
    goods_id: goodsId === undefined ? current.goods_id : String(goodsId),
    entity_name: company.entity_name,
    entity_id: company.entity_id,
    entity_legal: company.entity_legal,
    entity_phone: company.entity_phone,
    entity_idno: '',
  };
}
