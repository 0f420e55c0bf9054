import { Button, Select, Space, Typography } from 'antd';
import { complaintSlaText, type ConsoleFeedback } from '@kuaibao/domain';
import { Link } from 'react-router';
import { useAssignFeedback } from '../../hooks/api/feedback.ts';
import { useHandlers } from '../../hooks/api/orders.ts';
import { useSession } from '../../hooks/api/session.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { COMPLAINT_SLA_TITLES, SlaTag } from '../../ui/status-tags.tsx';

/** The 3-working-day clock of a complaint, with the first call's tag (decision 056). */
export function ComplaintSla({ complaint }: { complaint: ConsoleFeedback }) {
  return <SlaTag sla={complaint.sla} text={complaintSlaText} titles={COMPLAINT_SLA_TITLES} />;
}

/** What the complaint is about: the order the visitor proved theirs, else the company they named, as typed. */
export function ComplaintSubject({ complaint }: { complaint: ConsoleFeedback }) {
  if (complaint.order_id) {
    return (
      <Link to={`/orders/${complaint.order_id}`} className="mono" data-testid="feedback-order-link">
        {complaint.out_trade_no}
      </Link>
    );
  }
  if (complaint.company_name) {
    return (
      <Typography.Text ellipsis={{ tooltip: `客户填写的公司（未关联订单）：${complaint.company_name}` }} data-testid="feedback-company">
        {complaint.company_name}
        <span className="muted">（客户填写）</span>
      </Typography.Text>
    );
  }
  return <span className="muted">—</span>;
}

/**
 * Who handles the complaint, and the way to change it by decision 041's rule: a clerk takes one nobody
 * has (认领); an admin gives it to any colleague.
 */
export function ComplaintAssignee({ complaint }: { complaint: ConsoleFeedback }) {
  const session = useSession();
  const mayAssign = useCan('orders.reassign');
  const handlers = useHandlers();
  const assign = useAssignFeedback();
  const give = (staffId: number) =>
    assign.mutate({ id: complaint.id, staff_id: staffId }, { onSuccess: (row) => notifySuccess(row.assignee_id === session.data?.id ? '已认领该投诉' : `已分配给${row.assignee_name}`) });

  if (mayAssign) {
    return (
      <Select
        size="small"
        aria-label="负责人"
        showSearch
        optionFilterProp="label"
        placeholder="分配给…"
        style={{ width: '100%' }}
        value={complaint.assignee_id ?? undefined}
        loading={assign.isPending}
        onChange={(value: number) => give(value)}
        options={(handlers.data ?? []).map((h) => ({ value: h.id, label: h.display_name }))}
        // The name shows before the list of colleagues has loaded.
        labelRender={(option) => option.label ?? complaint.assignee_name}
        data-testid="feedback-assignee-select"
      />
    );
  }
  if (complaint.assignee_id !== null) return <span data-testid="feedback-assignee">{complaint.assignee_name}</span>;
  return (
    <Space size={4}>
      <span className="muted">未分配</span>
      {complaint.status === 'open' && session.data ? (
        <Button size="small" loading={assign.isPending} onClick={() => give(session.data!.id)} data-testid="feedback-take">
          认领
        </Button>
      ) : null}
    </Space>
  );
}
