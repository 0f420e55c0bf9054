import { Alert } from 'antd';
import { deletionRequestNotice, type ConsoleOrderDetail } from '@kuaibao/domain';
import { dateTime } from '../../lib/format.ts';

/**
 * The customer asked, with the SMS code, for their personal data to be deleted (decision 037): said
 * above the order, before anyone calls the customer or asks for documents again.
 */
export function OrderDeletionNotice(props: { order: Pick<ConsoleOrderDetail, 'deletion_requests'> }) {
  return (
    <>
      {(props.order.deletion_requests ?? []).map((request) => (
        <Alert key={request.id} type="warning" showIcon role="alert" data-testid="order-deletion-request" title={deletionRequestNotice(request, dateTime)} style={{ marginBottom: 16 }} />
      ))}
    </>
  );
}
