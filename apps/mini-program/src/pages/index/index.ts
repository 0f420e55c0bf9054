/**
 * The entry page: wx.login, then the web-view at our site with `mpCode`; the token the web-view
 * posts is kept; back from the pay page, the web-view goes where the pay page said (src/login-flow.ts).
 */
import { HOST_CONFIG } from '../../config.ts';
import type { HostWx } from '../../host-wx.ts';
import { keepPostedToken, loginAndOpenUrl, takeReturnPath, webViewUrl } from '../../login-flow.ts';

// The real wx fits the flows' port: the typecheck proves it here.
const host: HostWx = wx;

Page({
  data: { src: '' },
  onLoad(query: Record<string, string | undefined>) {
    // A relaunch may name the page to open (the pay page's fallback); the web-view's 重新登录 names none.
    const path = query.path ? decodeURIComponent(query.path) : '/';
    void loginAndOpenUrl(host, HOST_CONFIG.baseUrl, path).then((src) => this.setData({ src }));
  },
  onShow() {
    const path = takeReturnPath(host);
    if (path) this.setData({ src: webViewUrl(HOST_CONFIG.baseUrl, path) });
  },
  onMessage(event: WechatMiniprogram.CustomEvent<{ data?: unknown }>) {
    keepPostedToken(host, event.detail);
  },
});
