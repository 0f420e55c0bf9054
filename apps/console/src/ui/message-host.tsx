// Not antd's App: it brings Modal and Notification for a message API; and not on the sign-in page,
// which reports its failures inline (decision 030).
import useMessage from 'antd/es/message/useMessage';
import { useEffect } from 'react';
import { setMessageApi } from '../lib/notify.ts';

/** Where antd's toasts render; mounted once signed in, so notifyError/notifySuccess reach the screen. */
export function MessageHost() {
  const [message, holder] = useMessage();
  useEffect(() => setMessageApi(message), [message]);
  return holder;
}
