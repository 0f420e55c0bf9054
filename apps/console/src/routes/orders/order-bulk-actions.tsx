import { Alert, Button, Input, List, Modal, Select, Space, Typography } from 'antd';
import { PROCESS_STATUS, PROCESS_STATUS_FLOW, PROCESS_STATUS_NAMES, processMoveNeedsNote, type ConsoleBulkResult, type ConsoleOrderListItem } from '@kuaibao/domain';
import { useState } from 'react';
import { useBulkOrderAction, useHandlers, type BulkOrderAction } from '../../hooks/api/orders.ts';
import { useCan } from '../../lib/permissions.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { ExportButtons } from '../../ui/export-buttons.tsx';
import { FooterToolbar } from '../../ui/footer-toolbar.tsx';

const ACTION_NAMES: Record<BulkOrderAction['kind'], string> = { take: '领取', assign: '分配', 'process-status': '变更办理状态' };

/** A bulk action's result: which orders changed and which did not, each by number, with why. */
export function BulkReport(props: { report: { action: string; result: ConsoleBulkResult } | undefined; onClose: () => void }) {
  const { report } = props;
  return (
    <Modal open={report !== undefined} title={`批量${report?.action ?? ''}结果`} footer={<Button onClick={() => props.onClose()}>知道了</Button>} onCancel={() => props.onClose()}>
      {report ? (
        <div data-testid="bulk-report">
          <Alert type={report.result.done.length > 0 ? 'warning' : 'error'} showIcon message={`成功 ${report.result.done.length} 单，未成功 ${report.result.failed.length} 单`} style={{ marginBottom: 12 }} />
          <Typography.Text strong>未成功（原因）</Typography.Text>
          <List
            size="small"
            dataSource={report.result.failed}
            data-testid="bulk-report-failed"
            renderItem={(item) => (
              <List.Item>
                <span className="mono">{item.out_trade_no || `#${item.id}`}</span>：{item.message}
              </List.Item>
            )}
          />
          {report.result.done.length > 0 ? (
            <>
              <Typography.Text strong>已成功</Typography.Text>
              <List
                size="small"
                dataSource={report.result.done}
                data-testid="bulk-report-done"
                renderItem={(item) => (
                  <List.Item>
                    <span className="mono">{item.out_trade_no}</span>
                  </List.Item>
                )}
              />
            </>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * What can be done to the selected orders at once (decision 041): take them, assign them to a
 * colleague (admins), move their handling status, export them (admins, data.export). Each order goes through its own rules on the
 * server; the ones refused come back by number with why, shown here.
 */
export function OrderBulkActions(props: { selected: ConsoleOrderListItem[]; onDone: () => void }) {
  const mayAssign = useCan('orders.reassign');
  // 财务 may export the selection but moves no order (decision 058).
  const mayHandle = useCan('orders.handle');
  const handlers = useHandlers();
  const bulk = useBulkOrderAction();
  const [assignee, setAssignee] = useState<number | undefined>();
  const [move, setMove] = useState<{ to: string | undefined; note: string } | undefined>();
  const [report, setReport] = useState<{ action: string; result: ConsoleBulkResult } | undefined>();
  const ids = props.selected.map((o) => o.id);

  // The report outlives the selection (a finished action clears it).
  const reportDialog = <BulkReport report={report} onClose={() => setReport(undefined)} />;
  if (ids.length === 0) return reportDialog;

  const run = (action: BulkOrderAction) =>
    bulk.mutate(action, {
      onSuccess: (result) => {
        props.onDone();
        if (result.failed.length === 0) notifySuccess(`已${ACTION_NAMES[action.kind]} ${result.done.length} 单`);
        else setReport({ action: ACTION_NAMES[action.kind], result });
      },
    });

  const moveNeedsNote = move?.to !== undefined && props.selected.some((o) => processMoveNeedsNote(o.process_status, move.to!));

  return (
    <FooterToolbar label="批量操作" testId="bulk-bar">
      <Typography.Text strong>已选 {ids.length} 单</Typography.Text>
      {mayHandle ? (
        <Button onClick={() => run({ kind: 'take', body: { ids } })} loading={bulk.isPending} data-testid="bulk-take">
          领取
        </Button>
      ) : null}
      {mayAssign ? (
        <Space.Compact>
          <Select
            placeholder="分配给…"
            aria-label="分配给"
            // Typing a name finds a colleague however many there are (the list shows a few at a time).
            showSearch
            optionFilterProp="label"
            style={{ width: 140 }}
            value={assignee}
            onChange={(value: number) => setAssignee(value)}
            options={(handlers.data ?? []).map((h) => ({ value: h.id, label: h.display_name }))}
            data-testid="bulk-assignee"
          />
          <Button disabled={assignee === undefined} loading={bulk.isPending} onClick={() => assignee !== undefined && run({ kind: 'assign', body: { ids, staff_id: assignee } })} data-testid="bulk-assign">
            分配
          </Button>
        </Space.Compact>
      ) : null}
      {mayHandle ? (
        <Button onClick={() => setMove({ to: undefined, note: '' })} data-testid="bulk-move">
          变更办理状态
        </Button>
      ) : null}
      <ExportButtons list="orders" ids={ids} />
      <Button type="link" onClick={props.onDone}>
        取消选择
      </Button>

      <Modal
        open={move !== undefined}
        title={`变更 ${ids.length} 单的办理状态`}
        okText="变更"
        okButtonProps={{ disabled: move?.to === undefined || (moveNeedsNote && move.note.trim() === ''), loading: bulk.isPending }}
        onCancel={() => setMove(undefined)}
        onOk={() => {
          if (move?.to === undefined) return;
          run({ kind: 'process-status', body: { ids, process_status: move.to as (typeof PROCESS_STATUS_FLOW)[number], note: move.note.trim() } });
          setMove(undefined);
        }}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select
            placeholder="新的办理状态"
            aria-label="新的办理状态"
            style={{ width: '100%' }}
            value={move?.to}
            onChange={(to: string) => setMove((m) => ({ note: m?.note ?? '', to }))}
            options={PROCESS_STATUS_FLOW.map((code) => ({ value: code, label: PROCESS_STATUS_NAMES[code] }))}
          />
          <Input.TextArea aria-label="说明" placeholder={moveNeedsNote ? '说明（必填）' : '说明（选填）'} maxLength={500} value={move?.note} onChange={(e) => setMove((m) => ({ to: m?.to, note: e.target.value }))} />
          {move?.to === PROCESS_STATUS.completed ? (
            <Alert
              type="warning"
              showIcon
              data-testid="bulk-complete-warning"
              title="批量标记已完成时，未上传完成截图、未记录通话或缺少年报数据的订单不会变更，请到订单页确认后单独完成。"
            />
          ) : null}
          <Typography.Text type="secondary">每个订单按单独变更的规则办理；不能变更的订单会列出原因，其余照常变更。</Typography.Text>
        </Space>
      </Modal>

      {reportDialog}
    </FooterToolbar>
  );
}
