import { NOTICES, SERVICE_QR_LONG_PRESS_MS } from '@kuaibao/domain';
import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { track } from '../api/index.ts';
import { usePlatform } from '../platform/context.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/modal.tsx';
import { copyServicePhone, isLink, useServiceContact } from './service-contact.ts';
import styles from './service-dialog.module.css';

/** The saved image's file name (docs/product/screens.md: "a file named customer service QR code"). */
export const SERVICE_QR_FILE_NAME = '客服二维码.png';
const QR_LABEL = '客服微信二维码';
/** Pixels of the canvas the image is drawn on (times the device pixel ratio): sharp when saved. */
const QR_CANVAS_SIZE = 320;

/** Downloads the canvas as a PNG named 客服二维码.png. */
export function saveCanvasImage(canvas: HTMLCanvasElement | null, fileName = SERVICE_QR_FILE_NAME): boolean {
  if (!canvas) return false;
  let url: string;
  try {
    url = canvas.toDataURL('image/png');
  } catch {
    return false;
  }
  if (!url.startsWith('data:image/png')) return false;
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  return true;
}

/** Pointer down for about a second (docs/product/constants.md) calls `onLongPress`; moving away or lifting cancels. */
function useLongPress(onLongPress: (() => void) | undefined, ms = SERVICE_QR_LONG_PRESS_MS) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!onLongPress) return {};
  const cancel = () => clearTimeout(timer.current);
  return {
    onPointerDown: (event: ReactPointerEvent) => {
      if (event.button !== 0) return;
      cancel();
      timer.current = setTimeout(onLongPress, ms);
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    // The system's own long-press menu would cancel the pointer before the second is up.
    onContextMenu: (event: { preventDefault(): void }) => event.preventDefault(),
  };
}

/**
 * The service QR, drawn on a canvas at a saving resolution and shown at `size` CSS pixels: the
 * same canvas is what 'save image' writes out, and what a phone presses for the service link.
 */
export function ServiceQr({
  value,
  size,
  canvasRef,
  onLongPress,
}: {
  value: string;
  size: number;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  onLongPress?: (() => void) | undefined;
}) {
  const press = useLongPress(onLongPress);
  return (
    <QRCodeCanvas
      ref={canvasRef}
      value={value}
      size={QR_CANVAS_SIZE}
      marginSize={2}
      style={{ width: size, height: size }}
      className={`${styles.qr} ${onLongPress ? styles.pressable : ''}`}
      role="img"
      aria-label={QR_LABEL}
      data-testid="service-qr"
      data-qr-value={value}
      {...press}
    />
  );
}

export interface ServiceDialogProps {
  open: boolean;
  onClose: () => void;
  title?: string;
  /** A line above the QR (the pay dialog's tip says why it is shown). */
  intro?: string;
}

/**
 * The customer-service contact (docs/product/screens.md, docs/product/constants.md): on desktop the 300×342 dialog with the
 * service_weixin QR, the phone with a copy button and 'save image'; on a phone the QR with
 * 'save image to album', where pressing the QR for a second opens the service link (a phone
 * cannot scan its own screen).
 */
export function ServiceDialog(props: ServiceDialogProps) {
  const { formFactor } = usePlatform();
  return formFactor === 'desktop' ? <DesktopServiceDialog {...props} /> : <MobileServiceDialog {...props} />;
}

/** Without a usable WeChat contact: the phone, when there is one, is the way (the row below). */
function Unavailable({ phone }: { phone: string }) {
  return <p className={styles.caption}>{phone ? '客服二维码暂不可用，请拨打客服电话' : NOTICES.NO_CONTACT_PHONE}</p>;
}

function DesktopServiceDialog({ open, onClose, title = '联系客服', intro }: ServiceDialogProps) {
  const { address, phone } = useServiceContact();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const save = () => {
    if (saveCanvasImage(canvasRef.current)) track('service.save', 'desktop', 'click');
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      testId="service-dialog"
      className={intro ? styles.desktopFlexible : styles.desktopFixed}
    >
      <div className={styles.desktopBody}>
        {intro && <p className={styles.intro}>{intro}</p>}
        {address ? (
          <>
            <ServiceQr value={address} size={160} canvasRef={canvasRef} />
            <p className={styles.caption}>微信扫码添加客服</p>
          </>
        ) : (
          <Unavailable phone={phone} />
        )}
        <p className={styles.phoneRow}>
          <span>
            客服电话：
            {phone ? (
              <a href={`tel:${phone}`} data-testid="service-phone">
                {phone}
              </a>
            ) : (
              <span data-testid="service-phone">暂无</span>
            )}
          </span>
          <button type="button" className={styles.textButton} onClick={() => void copyServicePhone(phone)} data-testid="service-copy">
            复制
          </button>
        </p>
        {address && (
          <button type="button" className={styles.textButton} onClick={save} data-testid="service-save" data-autofocus>
            保存图片
          </button>
        )}
      </div>
    </Dialog>
  );
}

function MobileServiceDialog({ open, onClose, title = '联系客服', intro }: ServiceDialogProps) {
  const { address, phone } = useServiceContact();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const openLink = isLink(address)
    ? () => {
        track('service.open', 'long-press', 'click');
        location.assign(address);
      }
    : undefined;
  const save = () => {
    if (saveCanvasImage(canvasRef.current)) track('service.save', 'phone', 'click');
  };
  return (
    <Dialog open={open} onClose={onClose} title={title} size="sm" testId="service-dialog">
      <div className={styles.mobileBody}>
        {intro && <p className={styles.intro}>{intro}</p>}
        {address ? (
          <>
            <ServiceQr value={address} size={200} canvasRef={canvasRef} onLongPress={openLink} />
            <p className={styles.caption}>微信扫码添加客服</p>
            {openLink && <p className={styles.hint}>长按二维码约1秒，可直接打开客服</p>}
            <Button block onClick={save} data-testid="service-save" data-autofocus>
              保存图片到相册
            </Button>
            {openLink && (
              <a className={styles.link} href={address} data-testid="service-link">
                打开客服链接
              </a>
            )}
          </>
        ) : (
          <Unavailable phone={phone} />
        )}
        {phone ? (
          <p className={styles.phone}>
            客服电话：
            <a href={`tel:${phone}`} data-testid="service-phone">
              {phone}
            </a>
          </p>
        ) : address ? (
          <p className={styles.phone}>{NOTICES.NO_CONTACT_PHONE}</p>
        ) : null}
      </div>
    </Dialog>
  );
}
