import { QRCodeSVG } from 'qrcode.react';
import { readConfig } from '../storage.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/modal.tsx';
import styles from './service-dialog.module.css';

const isLink = (value: string) => /^https?:\/\//i.test(value);

/**
 * The customer-service contact: the QR of config service_weixin with '微信扫码添加客服'
 * (spec §2), the phone when configured, and on a phone a link to open the address directly
 * (a phone cannot scan its own screen).
 */
export function ServiceDialog({
  open,
  onClose,
  title = '联系客服',
  intro,
}: {
  open: boolean;
  onClose: () => void;
  title?: string;
  intro?: string;
}) {
  const config = readConfig();
  const address = config?.service_weixin ?? '';
  const phone = config?.service_phone ?? '';
  return (
    <Dialog open={open} onClose={onClose} title={title} size="sm" testId="service-dialog">
      <div className={styles.body}>
        {intro && <p className={styles.intro}>{intro}</p>}
        {address ? (
          <>
            <QRCodeSVG value={address} size={200} marginSize={2} title="客服微信二维码" className={styles.qr} data-testid="service-qr" />
            <p className={styles.caption}>微信扫码添加客服</p>
            {isLink(address) && (
              <a className={styles.link} href={address} target="_blank" rel="noopener noreferrer">
                打开客服链接
              </a>
            )}
          </>
        ) : (
          <p className={styles.caption}>客服二维码暂不可用</p>
        )}
        {phone && (
          <p className={styles.phone}>
            客服电话：<a href={`tel:${phone}`}>{phone}</a>
          </p>
        )}
        <Button variant="secondary" block onClick={onClose} data-autofocus>
          我知道了
        </Button>
      </div>
    </Dialog>
  );
}
