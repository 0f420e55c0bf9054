import { DownloadOutlined } from '@ant-design/icons';
import { Button, Modal, Progress, Space } from 'antd';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { useCan } from '../lib/permissions.ts';
import { useListParams } from './list-tools.tsx';

type Format = 'xlsx' | 'csv';

/** About how many bytes a row takes in each format (measured by npm run bench:export): the progress bar's estimate. */
const BYTES_PER_ROW: Record<Format, number> = { xlsx: 70, csv: 220 };

/** The file name the server gave (RFC 5987 filename*), or a plain one. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  return encoded ? decodeURIComponent(encoded) : fallback;
}

/**
 * Downloads the list as it is filtered now (the address's query) as XLSX or CSV, with a progress
 * bar while the server streams it: large lists take a while. Admins only (decision 038).
 */
export function ExportButtons(props: { list: 'orders' | 'refunds' | 'sms' | 'audit' | 'invoices'; /** only these rows (the selected orders, decision 041) */ ids?: readonly number[] }) {
  const allowed = useCan('data.export');
  const params = useListParams();
  const [progress, setProgress] = useState<{ format: Format; rows: number; bytes: number } | undefined>();
  if (!allowed) return null;

  const run = async (format: Format) => {
    const query = new URLSearchParams(params.search);
    query.delete('page');
    query.set('format', format);
    if (props.ids) query.set('ids', props.ids.join(','));
    setProgress({ format, rows: 0, bytes: 0 });
    try {
      const response = await fetch(`/api/console/exports/${props.list}?${query.toString()}`, { credentials: 'same-origin' });
      if (!response.ok || !response.body) {
        const envelope = (await response.json().catch(() => undefined)) as { msg?: string } | undefined;
        throw new Error(envelope?.msg?.split(',')[0] ?? `导出失败（HTTP ${response.status}）`);
      }
      const rows = Number(response.headers.get('x-export-rows')) || 0;
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        setProgress({ format, rows, bytes });
      }
      const blob = new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response.headers.get('content-disposition'), `export.${format}`);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      notifySuccess(`已导出 ${rows} 行`);
    } catch (error) {
      notifyError(error);
    } finally {
      setProgress(undefined);
    }
  };

  const estimate = progress ? Math.max(1, progress.rows * BYTES_PER_ROW[progress.format]) : 1;
  const percent = progress ? Math.min(99, Math.round((progress.bytes / estimate) * 100)) : 0;
  return (
    <>
      <Space.Compact>
        <Button icon={<DownloadOutlined />} onClick={() => void run('xlsx')} disabled={progress !== undefined} data-testid={props.ids ? 'export-selected-xlsx' : 'export-xlsx'}>
          {props.ids ? '导出所选 Excel' : '导出 Excel'}
        </Button>
        <Button onClick={() => void run('csv')} disabled={progress !== undefined} data-testid={props.ids ? 'export-selected-csv' : 'export-csv'}>
          {props.ids ? '导出所选 CSV' : '导出 CSV'}
        </Button>
      </Space.Compact>
      <Modal open={progress !== undefined} title="正在导出" footer={null} closable={false} mask={{ closable: false }} destroyOnHidden>
        <div role="status" aria-live="polite" data-testid="export-progress">
          <Progress percent={percent} status="active" />
          <div className="muted">
            共 {progress?.rows ?? 0} 行，已接收 {((progress?.bytes ?? 0) / 1024).toFixed(0)} KB（进度按行数估算）
          </div>
        </div>
      </Modal>
    </>
  );
}
