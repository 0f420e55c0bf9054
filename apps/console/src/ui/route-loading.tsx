import { Alert, Button, Spin } from 'antd';
import { Component, type ReactNode } from 'react';

/** What a page shows while its chunk loads (the layout around it stays). */
export function RouteLoading(props: { fullScreen?: boolean }) {
  return (
    <div className="query-loading" role="status" aria-label="页面加载中" data-testid="route-loading" style={props.fullScreen ? { minHeight: '100vh' } : undefined}>
      <Spin size="large" />
    </div>
  );
}

/**
 * A chunk that fails to arrive (a dropped connection, or a deploy that replaced the files) is said so,
 * with a reload, instead of a blank page. Keyed by path where it is used, so another page starts afresh.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert
        type="error"
        showIcon
        title="页面加载失败"
        description="请检查网络后重新加载；办理台刚更新时，重新加载即可取得新版本。"
        data-testid="route-failed"
        action={
          <Button size="small" onClick={() => window.location.reload()}>
            重新加载
          </Button>
        }
      />
    );
  }
}
