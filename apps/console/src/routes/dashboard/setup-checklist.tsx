import { Alert } from 'antd';
import { Link } from 'react-router';
import { useSetupChecklist } from '../../hooks/api/config.ts';
import { useCan } from '../../lib/permissions.ts';

/**
 * The first-run checklist (packages/domain/src/operator-readiness.ts `setupChecklist`): shown to admins
 * on the dashboard until every item is done, so a fresh deployment's placeholders, missing filing
 * number and sandbox providers are not forgotten. The server computes it from the site config and
 * its settings; saving a site config entry refreshes it.
 */
export function SetupChecklist() {
  const canEdit = useCan('config.edit');
  const checklist = useSetupChecklist(canEdit);
  const data = checklist.data;
  if (!canEdit || !data || data.done) return null;
  const missing = data.items.filter((item) => !item.done);
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="setup-checklist"
      title={`上线前还有 ${missing.length} 项未完成`}
      description={
        <ul style={{ margin: 0, paddingLeft: 20 }}>
          {data.items.map((item) => (
            // Done items stay listed, marked in words (not by fading: the text keeps its contrast).
            <li key={item.key} data-testid={`setup-item-${item.key}`} data-done={item.done ? 'true' : 'false'}>
              {item.label}
              {item.done ? <strong>（已完成）</strong> : null}
              {/* The same rule refuses orders in production (packages/domain/src/operator-readiness.ts). */}
              {!item.done && item.blocksOrders ? <strong data-testid={`setup-item-${item.key}-blocks`}>（未完成前，正式环境不能下单）</strong> : null}
              {!item.done && item.where === 'site_config' ? (
                <>
                  {' '}
                  <Link to="/site-config" style={{ textDecoration: 'underline' }}>
                    去填写
                  </Link>
                </>
              ) : null}
              {!item.done && item.where === 'environment' ? <span className="muted">（服务器环境变量，见部署文档）</span> : null}
            </li>
          ))}
        </ul>
      }
    />
  );
}
