import { Tooltip } from 'antd';
import type { ReactNode } from 'react';

/**
 * Long text in a list cell: one line cut with …, the whole of it in a tooltip (a company's full
 * name, a complaint, an SMS). The column sets its width and `ellipsis: { showTitle: false }`.
 */
export function EllipsisText(props: { text: string; children?: ReactNode }) {
  return (
    <Tooltip title={props.text} placement="topLeft">
      <span className="cell-ellipsis-text" data-testid="cell-ellipsis">
        {props.children ?? props.text}
      </span>
    </Tooltip>
  );
}
