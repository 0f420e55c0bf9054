import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/page-header.tsx';
import { FeedbackPage } from './feedback-page.tsx';
import { WechatComplaintsPanel } from './wechat-complaints-panel.tsx';

const SUBTITLES = {
  site: '客户在“平台举报”中提交的投诉，请核实后回访并记录处理结果',
  wechat: '客户在微信支付里对付款发起的投诉；微信按重复投诉率评价商户，请尽快回复客户并反馈处理完成',
} as const;

/**
 * 投诉处理: the reports visitors send from our site, and the complaints customers file inside
 * WeChat Pay (decision 040). The tab is in the URL (`?source=wechat`), so a link can open it.
 */
export function ComplaintTabsPage() {
  const [params, setParams] = useSearchParams();
  const source = params.get('source') === 'wechat' ? 'wechat' : 'site';
  // The page's heading first, then the tabs (the tabs once sat above the heading).
  return (
    <>
      <PageHeader title="投诉处理" subtitle={SUBTITLES[source]} />
      <Tabs
        activeKey={source}
        onChange={(key) => setParams(key === 'wechat' ? { source: 'wechat' } : {})}
        items={[
          { key: 'site', label: '平台举报', children: <FeedbackPage /> },
          { key: 'wechat', label: '微信支付投诉', children: <WechatComplaintsPanel /> },
      ]}
      />
    </>
  );
}
