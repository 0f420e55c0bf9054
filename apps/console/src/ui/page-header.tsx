import { Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';

/** The page's one h1, its browser title, and the actions on the right. */
export function PageHeader(props: { title: string; subtitle?: ReactNode; extra?: ReactNode; back?: ReactNode }) {
  useEffect(() => {
    document.title = `${props.title} · 快报办理台`;
  }, [props.title]);
  return (
    <div className="page-header">
      <div>
        {props.back}
        <Typography.Title level={1} className="page-title">
          {props.title}
        </Typography.Title>
        {props.subtitle ? <div className="page-subtitle">{props.subtitle}</div> : null}
      </div>
      {props.extra ? <div className="page-extra">{props.extra}</div> : null}
    </div>
  );
}
