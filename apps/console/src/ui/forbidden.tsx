import { Result } from 'antd';
import type { Permission } from '@kuaibao/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan } from '../lib/permissions.ts';
import { PageHeader } from './page-header.tsx';

/**
 * A page the signed-in role may not use, opened anyway (a link, a typed address): a 403 page, not
 * the page's tools over an empty table or a red 加载失败 (the server refuses the data anyway).
 */
export function Forbidden(props: { title: string }) {
  return (
    <>
      <PageHeader title={props.title} />
      <Result status="403" title="无权访问" subTitle="您的角色无权使用该页面。如需使用，请联系管理员。" extra={<Link to="/">返回工作台</Link>} data-testid="forbidden" />
    </>
  );
}

/** The page when the signed-in staff member has the permission; the 403 page otherwise. */
export function RequirePermission(props: { permission: Permission; title: string; children: ReactNode }) {
  return useCan(props.permission) ? props.children : <Forbidden title={props.title} />;
}
