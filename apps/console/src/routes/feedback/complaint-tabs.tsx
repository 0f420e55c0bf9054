import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { FeedbackPage } from './feedback-page.tsx';
import { WechatComplaintsPanel } from './wechat-complaints-panel.tsx';

/**
 * 投诉处理: the reports visitors send from our site, and the complaints customers file inside
 * WeChat Pay (decision 040). The tab is in the URL (`?source=wechat`), so a link can open it.
 */
export function ComplaintTabsPage() {
  const [params, setParams] = useSearchParams();
  const source = params.get('source') === 'wechat' ? 'wechat' : 'site';
  return (
    <Tabs
      activeKey={source}
      onChange={(key) => setParams(key === 'wechat' ? { source: 'wechat' } : {})}
      items={[
        { key: 'site', label: '平台举报', children: <FeedbackPage /> },
        { key: 'wechat', label: '微信支付投诉', children: <WechatComplaintsPanel /> },
      ]}
    />
  );
}
