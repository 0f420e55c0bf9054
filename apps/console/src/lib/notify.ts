import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Failed actions are reported in one place (the mutation cache), with antd's message API
 * once the App component has provided it.
 */
let messageApi: MessageInstance | undefined;

export function setMessageApi(api: MessageInstance): void {
  messageApi = api;
}

export function notifyError(error: unknown): void {
  const text = error instanceof Error ? error.message : String(error);
  messageApi?.error(text);
}

/** Seconds a success toast stays: it confirms what the clerk just saw happen, then gets out of the way. */
export const SUCCESS_TOAST_SECONDS = 2;

export function notifySuccess(text: string): void {
  messageApi?.success(text, SUCCESS_TOAST_SECONDS);
}

declare module '@tanstack/react-query' {
  interface Register {
    /** `quiet`: the page shows the failure itself (e.g. the sign-in form). */
    mutationMeta: { quiet?: boolean };
  }
}
