import type { PayType } from '@kuaibao/domain';
import { AlipayIcon, WeixinIcon } from './pay-icons.tsx';
import { RadioList } from '../ui/radio-list.tsx';
import { PAY_TYPE_LABELS } from './pay-types.ts';

/** The payment-method list: one radio per allowed type, testids pay-method-weixin / pay-method-alipay. */
export function PayMethods({
  types,
  value,
  onChange,
  legend = '支付方式',
}: {
  types: readonly PayType[];
  value: PayType | '';
  onChange: (type: PayType) => void;
  legend?: string;
}) {
  return (
    <RadioList
      legend={legend}
      testId="pay-methods"
      value={value}
      onChange={onChange}
      options={types.map((type) => ({
        value: type,
        label: PAY_TYPE_LABELS[type],
        icon: type === 'weixin' ? <WeixinIcon /> : <AlipayIcon />,
        testId: `pay-method-${type}`,
      }))}
    />
  );
}
