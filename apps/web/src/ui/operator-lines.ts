import { footerServicePhone, operatorFooter } from '@kuaibao/domain';
import { useSiteData } from '../site-data.tsx';

/**
 * Who runs the site, from the site config (docs/decisions/047-operator-before-money.md): the legal
 * name, its 统一社会信用代码, the filing numbers and the service phone, as the footer under every
 * page and the dialogs that cover it show them. Empty fields are left out.
 */
export function useOperatorLines() {
  const { config } = useSiteData();
  const lines = operatorFooter(config);
  const phone = footerServicePhone(config);
  const any = !!(lines.operatorName || lines.creditCode || lines.icpFiling || lines.policeFiling || phone.text);
  return { ...lines, phone, any };
}
