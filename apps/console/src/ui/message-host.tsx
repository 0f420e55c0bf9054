// Not antd's App: it brings Modal and Notification for a message API; and not on the sign-in page,
// which reports its failures inline (decision 030).
import useMessage from 'antd/es/message/useMessage';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { setMessageApi } from '../lib/notify.ts';

/**
 * At most this many toasts at once: on the day walk three stacked toasts hid a drawer's title and
 * its first rows; the oldest gives way to the newest.
 */
export const MAX_TOASTS = 2;

/** Where antd's toasts render; mounted once signed in, so notifyError/notifySuccess reach the screen. */
export function MessageHost() {
  // Bottom left (styles.css `.ant-message`): clear of the page heading, a drawer's title and its buttons.
  const [message, holder] = useMessage({ maxCount: MAX_TOASTS });
  const { pathname } = useLocation();
  useEffect(() => setMessageApi(message), [message]);
  // A toast is about the page it was raised on: it does not follow the clerk to the next one.
  const page = useRef(pathname);
  useEffect(() => {
    if (page.current === pathname) return;
    page.current = pathname;
    message.destroy();
  }, [pathname, message]);
  return holder;
}
