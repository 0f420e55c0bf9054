/**
 * The pay page the web-view hands off to: pays the order with wx.requestPayment and returns to the
 * web-view (src/pay-flow.ts).
 */
import { MINI_PROGRAM_HOME_PAGE } from '@kuaibao/domain';
import { HOST_CONFIG } from '../../config.ts';
import { createHostApi } from '../../host-api.ts';
import { leavePayPage, payHandedOffOrder, type LeavingWx } from '../../pay-flow.ts';

// The real wx fits the flows' port: the typecheck proves it here.
const host: LeavingWx = wx;

Page({
  data: { text: '正在发起支付…' },
  onLoad(query: Record<string, string | undefined>) {
    const api = createHostApi({ wx: host, config: HOST_CONFIG });
    void payHandedOffOrder({ wx: host, api }, query.data).then((outcome) => leavePayPage(host, MINI_PROGRAM_HOME_PAGE, outcome));
  },
});
