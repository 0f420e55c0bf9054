import type { CreateOrderResult } from '@kuaibao/domain';
import { QRCodeSVG } from 'qrcode.react';

const IMAGE_SOURCE = /^(https?:|data:image\/)/i;
const SIZE = 184;

/** The native payment QR (docs/product/orders-and-statuses.md): from qrcodeUrl, else the qrcodeBase64 jpg, else the qrcode field. */
export function PayQr({ result, label }: { result: CreateOrderResult; label: string }) {
  if (result.qrcodeUrl) {
    return <QRCodeSVG value={result.qrcodeUrl} size={SIZE} marginSize={2} title={label} data-testid="pay-qr" data-qr-value={result.qrcodeUrl} />;
  }
  if (result.qrcodeBase64) {
    return <img src={`data:image/jpg;base64,${result.qrcodeBase64}`} alt={label} width={SIZE} height={SIZE} data-testid="pay-qr" />;
  }
  if (result.qrcode) {
    return IMAGE_SOURCE.test(result.qrcode) ? (
      <img src={result.qrcode} alt={label} width={SIZE} height={SIZE} data-testid="pay-qr" />
    ) : (
      <QRCodeSVG value={result.qrcode} size={SIZE} marginSize={2} title={label} data-testid="pay-qr" data-qr-value={result.qrcode} />
    );
  }
  return null;
}
