import { Button, Popconfirm, Space, Upload } from 'antd';
import type { ConsoleInvoice } from '@kuaibao/domain';
import { useInvoiceActions } from '../../hooks/api/invoices.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

const ACCEPT = '.pdf,.ofd,application/pdf,application/ofd';

/**
 * What a clerk does to an invoice (docs/decisions/060-invoices.md, 064-nuonuo-invoicing.md), on the 发票
 * list and the order page: have the invoicing platform issue it (开具, when one is configured) or upload
 * the file issued in their own tax software, ask for the 红冲 of an issued one (of the platform too when
 * it issued it), record the red-letter invoice; and open the file. The server checks the file by its bytes.
 */
export function InvoiceActions({ invoice }: { invoice: ConsoleInvoice }) {
  const actions = useInvoiceActions();
  const pick = (onFile: (file: File) => void) => ({
    accept: ACCEPT,
    showUploadList: false,
    beforeUpload: (file: File) => {
      onFile(file);
      return false;
    },
  });
  const issuable = invoice.status === 'requested' || invoice.status === 'failed';
  const byPlatform = invoice.provider !== 'manual' && invoice.invoice_number !== '';
  return (
    <Space size={4} wrap>
      {invoice.platform_issuable && (
        <Popconfirm
          title="开具发票"
          description={`由开票平台开具 ${invoice.type_name}，开具后自动以短信和邮件通知客户。`}
          okText="开具"
          cancelText="取消"
          onConfirm={() => actions.issueViaPlatform.mutate(invoice.id, { onSuccess: (row) => (row.status === 'failed' ? notifyError(new Error(`开票平台未受理：${row.fail_reason}`)) : notifySuccess('已提交开票平台，开具后自动通知客户')), onError: notifyError })}
        >
          <Button size="small" type="primary" loading={actions.issueViaPlatform.isPending} data-testid="invoice-platform-issue">
            开具
          </Button>
        </Popconfirm>
      )}
      {issuable && (
        <Upload {...pick((file) => actions.issue.mutate({ id: invoice.id, file }, { onSuccess: () => notifySuccess('发票已开具，已通知客户'), onError: notifyError }))}>
          <Button size="small" type={invoice.platform_issuable ? 'default' : 'primary'} loading={actions.issue.isPending} data-testid="invoice-upload">
            上传发票
          </Button>
        </Upload>
      )}
      {invoice.has_file && (
        <Button size="small" href={`/api/console/invoices/${invoice.id}/file`} target="_blank" data-testid="invoice-file">
          查看文件
        </Button>
      )}
      {invoice.status === 'issued' && (
        <Popconfirm title="申请红冲" description={byPlatform ? '将向开票平台提交红字确认单，红字发票开具后自动记录。' : '请在开票软件中开具红字发票，开具后在此上传。'} okText="申请红冲" cancelText="取消" onConfirm={() => actions.requestRedLetter.mutate(invoice.id, { onError: notifyError })}>
          <Button size="small" danger data-testid="invoice-red-request">
            申请红冲
          </Button>
        </Popconfirm>
      )}
      {invoice.status === 'red_requested' && (
        <Upload {...pick((file) => actions.recordRedLetter.mutate({ id: invoice.id, file }, { onSuccess: () => notifySuccess('已记录红冲'), onError: notifyError }))}>
          <Button size="small" danger loading={actions.recordRedLetter.isPending} data-testid="invoice-red-upload">
            上传红字发票
          </Button>
        </Upload>
      )}
    </Space>
  );
}
