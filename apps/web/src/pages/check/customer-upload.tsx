import { CUSTOMER_DOCUMENT_MAX_BYTES, CUSTOMER_DOCUMENT_MAX_PER_ORDER, CUSTOMER_DOCUMENT_TYPES, type CustomerDocument } from '@kuaibao/domain';
import { useState, type ChangeEvent } from 'react';
import { api, track } from '../../api/index.ts';
import { phoneToken } from '../../own-orders.ts';
import { toast } from '../../ui/toast.tsx';
import styles from './customer-upload.module.css';
import { PhoneVerify } from './phone-verify.tsx';

/** The upload (docs/decisions/062-templates-and-customer-uploads.md): the order's public id and the verified phone's token, signed in the query. */
const uploadDocument = (orderId: string, token: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api().request<CustomerDocument>('/api/h5/order/documents', { method: 'POST', query: { id: orderId, phone_token: token }, form });
};

const ACCEPTED = Object.keys(CUSTOMER_DOCUMENT_TYPES);

/**
 * 待客户补充: the customer sends the documents the specialist asked for. Only after the phone's SMS
 * code (the server takes the verified phone's token as the proof, never the order's id); before it,
 * the code's block. Each file is checked again by the server (type by its bytes, size, count).
 */
export function CustomerUpload({ orderId, phone, onVerified, verifyBelow }: { orderId: string; phone: string; onVerified: () => void; verifyBelow: boolean }) {
  const [sent, setSent] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const token = phoneToken(phone);
  // The page shows the SMS code's block below already (some of the phone's orders are masked): one form, not two.
  if (!token && verifyBelow) return <p className={`${styles.body} ${styles.hint}`}>需要上传资料时，请先在下方验证下单手机号。</p>;
  if (!token) {
    return (
      <div className={styles.body} data-testid="upload-verify">
        <p className={styles.hint}>需要上传资料时，请先验证下单手机号：</p>
        <PhoneVerify phone={phone} source="checkDetail.upload" onVerified={onVerified} />
      </div>
    );
  }

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (busy || files.length === 0) return;
    setBusy(true);
    try {
      for (const file of files) {
        if (!ACCEPTED.includes(file.type)) {
          toast.warn(`${file.name}：仅支持 JPG、PNG 图片或 PDF 文件`);
          continue;
        }
        if (file.size > CUSTOMER_DOCUMENT_MAX_BYTES) {
          toast.warn(`${file.name}：文件不能超过 5 MB`);
          continue;
        }
        try {
          const stored = await uploadDocument(orderId, token, file);
          setSent((names) => [...names, stored.filename]);
          track('checkDetail.upload.done', stored.content_type);
        } catch {
          // the client has shown the server's message
          break;
        }
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.body} data-testid="customer-upload">
      <label className={styles.pick}>
        <input type="file" accept={`${ACCEPTED.join(',')},.jpg,.jpeg,.png,.pdf`} multiple disabled={busy} onChange={(event) => void choose(event)} data-testid="upload-input" />
        {busy ? '正在上传…' : '上传资料（图片或 PDF）'}
      </label>
      <p className={styles.hint}>JPG、PNG 或 PDF，每个不超过 5 MB，每笔订单最多 {CUSTOMER_DOCUMENT_MAX_PER_ORDER} 个。上传后办理专员会在订单中看到。</p>
      {sent.length > 0 && (
        <ul className={styles.sent} aria-label="已上传" data-testid="upload-sent">
          {sent.map((name, index) => (
            <li key={`${name}-${index}`}>已上传：{name}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
