import { errorMessage, NOTICES, usableContact } from '@kuaibao/domain';
import { useMemo } from 'react';
import { readConfig } from '../storage.ts';
import { toast } from '../ui/toast.tsx';

/**
 * The agent's contact (docs/product/data.md#init-response config service_weixin / service_phone) and the copy action, kept
 * apart from the QR dialog so pages can offer the contact without loading the QR library.
 */

export const isLink = (value: string) => /^https?:\/\//i.test(value);

/**
 * The contact without its placeholders (packages/domain/src/operator-info.ts `isPlaceholderContact`):
 * a seeded example link or a 400-000-0000 phone reads as empty, and `available` is false when
 * neither is left, so pages hide the entries that would lead nowhere.
 */
export function useServiceContact(): { address: string; phone: string; available: boolean } {
  return useMemo(() => {
    const contact = usableContact(readConfig());
    return { ...contact, available: contact.address !== '' || contact.phone !== '' };
  }, []);
}

/** Clipboard first; the hidden-textarea command for WebViews without the async clipboard. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // denied or unavailable: try the old way
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  } catch {
    return false;
  }
}

/** 'copy succeeded' / 'no contact phone' (docs/product/texts.md). */
export async function copyServicePhone(phone: string): Promise<void> {
  if (!phone) {
    toast.warn(NOTICES.NO_CONTACT_PHONE);
    return;
  }
  if (await copyText(phone)) toast.info(NOTICES.COPY_SUCCEEDED);
  else toast.warn(errorMessage('COPY_FAILED'));
}
