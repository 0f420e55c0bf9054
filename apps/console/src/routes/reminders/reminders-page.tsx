import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { formatShanghaiDateTime, type ConsoleReminderBatch, type ConsoleReminderPrecheck, type ConsoleReminderRow, type ConsoleReminderSeason } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';

const STATUS_COLORS: Record<ConsoleReminderRow['status'], string> = { eligible: 'blue', skipped: 'default', sent_1: 'cyan', sent_2: 'green', opted_out: 'red', ordered: 'gold' };
const PUBLISHED_TEXT = (published: boolean | null) => (published === true ? '已公示' : published === false ? '未公示' : '未知');

/**
 * 年报季提醒 (docs/decisions/065-next-season-reminder.md): the companies whose customers ticked
 * 明年年报季提醒我, what a batch would do for each and why it skips, the pre-check "already published?"
 * within the directory's daily budget, and the admin's "发送提醒" — never automatic, refused after 30 June
 * and outside 08:00–21:00 Beijing.
 */
export function RemindersPage() {
  const client = useQueryClient();
  const season = useQuery({ queryKey: ['reminders'], queryFn: () => api.get<ConsoleReminderSeason>('/reminders') });
  const refresh = () => client.invalidateQueries({ queryKey: ['reminders'] });
  const send = useMutation({
    mutationFn: () => api.post<ConsoleReminderBatch>('/reminders/batches'),
    onSuccess: (batch) => {
      notifySuccess(`已发送 ${batch.sent_count} 条提醒，跳过 ${batch.skipped_count} 家`);
      void refresh();
    },
  });
  const precheck = useMutation({
    mutationFn: () => api.post<ConsoleReminderPrecheck>('/reminders/precheck'),
    onSuccess: (result) => {
      notifySuccess(`已查询 ${result.asked} 家：已公示 ${result.published}，未公示 ${result.not_published}，无法确认 ${result.unknown}`);
      void refresh();
    },
  });
  const data = season.data;
  const eligible = data?.rows.filter((r) => r.status === 'eligible').length ?? 0;

  return (
    <>
      <PageHeader
        title="年报季提醒"
        subtitle={data ? `${data.season_year} 年报季（办理 ${data.report_year} 年度年报）· 当前时间 ${formatShanghaiDateTime(data.now)}` : undefined}
        extra={
          <Space>
            <Button onClick={() => precheck.mutate()} loading={precheck.isPending} disabled={data?.precheck_budget_left === 0} data-testid="reminder-precheck">
              预检是否已公示{data && data.precheck_budget_left !== null ? `（今日剩余 ${data.precheck_budget_left} 次）` : ''}
            </Button>
            <Popconfirm title="发送年报季提醒" description={`将给 ${eligible} 家企业发送提醒短信，确定发送？`} okText="发送" cancelText="取消" onConfirm={() => send.mutate()} disabled={!data || data.refusal !== ''}>
              <Button type="primary" loading={send.isPending} disabled={!data || data.refusal !== ''} data-testid="reminder-send">
                发送提醒
              </Button>
            </Popconfirm>
          </Space>
        }
      />
      {data && data.refusal !== '' ? <Alert type="warning" showIcon message={data.refusal} style={{ marginBottom: 16 }} data-testid="reminder-refusal" /> : null}
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="只提醒勾选了“明年年报季提醒我”的客户：每家每季最多两条，第二条至少间隔 14 天；已退订、本季已下单或年报已公示的企业会跳过。"
      />
      <Table<ConsoleReminderRow>
        rowKey="consent_id"
        loading={season.isLoading}
        dataSource={data?.rows ?? []}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        data-testid="reminder-table"
        columns={[
          { title: '企业', dataIndex: 'entity_name' },
          { title: '手机号', dataIndex: 'phone', width: 130 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 220,
            render: (_value, row) => (
              <Space size={4} wrap>
                <Tag color={STATUS_COLORS[row.status]} data-testid="reminder-status">
                  {row.status_text}
                </Tag>
                {row.reason_text && row.status !== 'opted_out' && row.status !== 'ordered' ? <Typography.Text type="secondary">{row.reason_text}</Typography.Text> : null}
              </Space>
            ),
          },
          { title: '已发送', dataIndex: 'sent_count', width: 190, render: (count: number, row) => (count > 0 ? `${count} 条（${formatShanghaiDateTime(row.last_sent_at)}）` : '—') },
          { title: '年报', dataIndex: 'published', width: 90, render: (published: boolean | null) => PUBLISHED_TEXT(published) },
          { title: '勾选时间', dataIndex: 'given_at', width: 170, render: (value: string) => formatShanghaiDateTime(value) },
        ]}
      />
      {data && data.batches.length > 0 ? (
        <Card title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>发送记录</Typography.Title>} style={{ marginTop: 16 }}>
          <Table<ConsoleReminderBatch>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.batches}
            columns={[
              { title: '时间', dataIndex: 'started_at', render: (value: string) => formatShanghaiDateTime(value) },
              { title: '发起人', dataIndex: 'started_by_name' },
              { title: '企业数', dataIndex: 'companies' },
              { title: '已发送', dataIndex: 'sent_count' },
              { title: '已跳过', dataIndex: 'skipped_count' },
            ]}
          />
        </Card>
      ) : null}
    </>
  );
}
