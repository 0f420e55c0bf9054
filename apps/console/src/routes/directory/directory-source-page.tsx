import { Alert, Card, Col, Descriptions, Progress, Row, Statistic, Table, Tag } from 'antd';
import type { ConsoleDirectorySource } from '@kuaibao/domain';
import { useDirectorySource } from '../../hooks/api/directory.ts';
import { dateTime } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';

type Vendor = NonNullable<ConsoleDirectorySource['vendor']>;
type LedgerDay = Vendor['days'][number];

const PROVIDER_NAMES: Record<ConsoleDirectorySource['provider'], string> = { local: '本地企业库', qichacha: '企查查开放平台' };

function VendorState(props: { vendor: Vendor }) {
  const { vendor } = props;
  if (vendor.paused_until) {
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="vendor-paused"
        title={`已暂停调用企查查：${vendor.pause_text}`}
        description={`${dateTime(vendor.paused_until)} 前不再调用，企业搜索只查本地企业库（访客看不到错误，只是搜不到本地没有的企业）。`}
        style={{ marginBottom: 16 }}
      />
    );
  }
  return <Alert type="success" showIcon data-testid="vendor-active" title="正常：本地企业库查不到或结果过少时调用企查查补充" style={{ marginBottom: 16 }} />;
}

const ledgerColumns = [
  { title: '日期', dataIndex: 'day', width: 130, className: 'mono' },
  { title: '调用次数', dataIndex: 'calls', width: 100, align: 'right' as const },
  { title: '有效应答', dataIndex: 'answered', width: 100, align: 'right' as const },
  { title: '失败', dataIndex: 'failed', width: 80, align: 'right' as const },
  {
    title: '按状态',
    dataIndex: 'by_status',
    render: (statuses: LedgerDay['by_status']) => (
      <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        {statuses.map((s) => (
          <Tag key={s.status} color={s.status === '200' || s.status === '201' ? undefined : 'orange'} title={`状态 ${s.status}`}>
            {s.text} {s.calls}
          </Tag>
        ))}
      </span>
    ),
  },
];

/**
 * Where company suggestions come from, and what the commercial source costs: the daily budget,
 * the breaker's state, and calls per day and status (docs/decisions/020-company-directory-vendor.md).
 */
export function DirectorySourcePage() {
  const source = useDirectorySource();
  // Admins decide about the source; the commands that change it are the operator's (docs/operations.md#the-company-directory-source).
  const isAdmin = useCan('config.edit');
  return (
    <>
      <PageHeader title="企业数据源" subtitle="企业搜索先查本地企业库；接入企查查后，本地查不到的企业由企查查补充并存入本地库，每次调用按次计费" />
      <QueryState query={source}>
        {(data) => (
          <>
            <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label="当前数据源">
                <span data-testid="directory-provider">{PROVIDER_NAMES[data.provider]}</span>
              </Descriptions.Item>
            </Descriptions>
            {data.vendor === null ? (
              <Alert
                type="info"
                showIcon
                data-testid="vendor-none"
                title="未接入商业数据源"
                description={
                  isAdmin
                    ? '企业搜索只查本地企业库，本地没有的企业客户搜不到。如需补充企业名录，可购买授权的企业数据交由技术人员导入，或开通企查查开放平台（按次计费）后由技术人员接入；两项都在服务器上完成，操作步骤见运维手册的“企业数据源”一节。'
                    : '企业搜索只查本地企业库。客户搜不到企业时，请记下企业全称并告知管理员。'
                }
              />
            ) : (
              <>
                <VendorState vendor={data.vendor} />
                <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
                  <Col span={8}>
                    <Card>
                      <Statistic title={`今日调用（${data.vendor.today}）`} value={data.vendor.calls_today} suffix={`/ ${data.vendor.daily_budget} 次`} />
                      <Progress
                        percent={Math.min(100, Math.round((data.vendor.calls_today / Math.max(1, data.vendor.daily_budget)) * 100))}
                        status={data.vendor.calls_today >= data.vendor.daily_budget ? 'exception' : 'normal'}
                        aria-label="今日预算用量"
                      />
                    </Card>
                  </Col>
                  <Col span={8}>
                    <Card>
                      <Statistic title="今日剩余预算" value={Math.max(0, data.vendor.daily_budget - data.vendor.calls_today)} suffix="次" />
                    </Card>
                  </Col>
                  <Col span={8}>
                    <Card>
                      <Statistic title="已缓存的关键词" value={data.vendor.cached_keywords} suffix="个" />
                      <div className="muted">再次搜索这些关键词不产生费用</div>
                    </Card>
                  </Col>
                </Row>
                <Card title="近30天调用明细">
                  <Table<LedgerDay>
                    rowKey="day"
                    size="small"
                    data-testid="vendor-ledger"
                    dataSource={data.vendor.days}
                    columns={ledgerColumns}
                    pagination={false}
                    locale={{ emptyText: '近30天没有调用' }}
                  />
                </Card>
              </>
            )}
          </>
        )}
      </QueryState>
    </>
  );
}
