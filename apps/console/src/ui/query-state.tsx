import { Alert, Button, Spin } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** Loading and failure of a query, the same way on every page. */
export function QueryState<T>(props: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { query } = props;
  if (query.isPending) {
    return (
      <div className="query-loading" role="status" aria-label="加载中">
        <Spin />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="加载失败"
        description={query.error instanceof Error ? query.error.message : String(query.error)}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  return <>{props.children(query.data)}</>;
}
