import { Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { STAFF_ROLE_NAMES, USERNAME_PATTERN, isAcceptablePassword, type ConsoleStaffRow, type StaffRole } from '@kuaibao/domain';
import { useState } from 'react';
import { useSession } from '../../hooks/api/session.ts';
import { useCreateStaff, useStaff, useUpdateStaff } from '../../hooks/api/staff.ts';
import { dateTime } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { RequirePermission } from '../../ui/forbidden.tsx';

/** What a role may do, in the role-change confirmation (the table is packages/domain/src/staff.ts). */
const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  admin: '管理员可以审批退款、修改价格与配置、管理员工账号，并接手任何人的订单。',
  clerk: '办理专员只能接单、办理和申请退款，不能审批退款或修改配置，也看不到收入。',
  supervisor: '主管可以办理和分配订单、审批退款，查看全部专员的工作与提成，不能管理员工账号或修改配置。',
  finance: '财务只读：工作台收入、对账、退款、发票、导出和提成；不能办理订单或查看完整身份证号。',
};
const ROLE_OPTIONS = (['clerk', 'supervisor', 'finance', 'admin'] as const).map((role) => ({ value: role, label: STAFF_ROLE_NAMES[role] }));
const passwordRule = { validator: async (_r: unknown, value: string) => (isAcceptablePassword(value ?? '') ? undefined : Promise.reject(new Error('密码至少 10 位，且须同时包含字母和数字'))) };

export function StaffPage() {
  return (
    <RequirePermission permission="staff.manage" title="员工账号">
      <StaffAccounts />
    </RequirePermission>
  );
}

function StaffAccounts() {
  const staff = useStaff();
  const me = useSession().data;
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<ConsoleStaffRow | undefined>();
  // A role chosen in the table waits for the admin's confirmation: one mis-click once made a clerk an admin.
  const [roleChange, setRoleChange] = useState<{ row: ConsoleStaffRow; role: StaffRole } | undefined>();
  const [createForm] = Form.useForm<{ username: string; display_name: string; role: StaffRole; password: string }>();
  const [resetForm] = Form.useForm<{ password: string }>();

  return (
    <>
      <PageHeader title="员工账号" subtitle="管理员可审批退款、修改价格与配置；办理专员负责接单、办理和申请退款" extra={<Button type="primary" onClick={() => setCreating(true)}>新增员工</Button>} />
      <Table<ConsoleStaffRow>
        rowKey="id"
        loading={staff.isPending || staff.isPlaceholderData}
        dataSource={staff.data ?? []}
        pagination={false}
        data-testid="staff-table"
        // One line per cell; 操作 stays on the right at 1280 px (decision 063).
        className="nowrap-table"
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '用户名', dataIndex: 'username', className: 'mono' },
          { title: '姓名', dataIndex: 'display_name' },
          {
            title: '角色',
            dataIndex: 'role',
            width: 150,
            render: (role: StaffRole, row) =>
              row.id === me?.id ? STAFF_ROLE_NAMES[role] : <Select aria-label={`${row.display_name}的角色`} size="small" value={role} options={ROLE_OPTIONS} style={{ width: 120 }} onChange={(value: StaffRole) => value !== role && setRoleChange({ row, role: value })} />,
          },
          { title: '状态', dataIndex: 'active', width: 120, render: (active: boolean, row) => (active ? (row.must_change_password ? <Tag>待改临时密码</Tag> : <Tag style={{ color: '#0a6b4f', background: '#e3f7f0', borderColor: 'transparent' }}>启用</Tag>) : <Tag>已停用</Tag>) },
          { title: '最近登录', dataIndex: 'last_login_at', width: 170, render: (v: string | null) => dateTime(v) },
          {
            title: '操作',
            key: 'a',
            width: 200,
            fixed: 'right',
            render: (_v: unknown, row) =>
              row.id === me?.id ? (
                <span className="muted">当前账号</span>
              ) : (
                <Space>
                  <Button size="small" onClick={() => setResetting(row)}>
                    重置密码
                  </Button>
                  <Popconfirm
                    title={row.active ? `停用 ${row.display_name}？将立即退出登录。` : `启用 ${row.display_name}？`}
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => update.mutate({ id: row.id, active: !row.active }, { onSuccess: () => notifySuccess(`已${row.active ? '停用' : '启用'} ${row.display_name}`) })}
                  >
                    <Button size="small" danger={row.active}>
                      {row.active ? '停用' : '启用'}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={roleChange !== undefined}
        title={roleChange ? `将 ${roleChange.row.display_name} 的角色改为“${STAFF_ROLE_NAMES[roleChange.role]}”？` : ''}
        okText="确认修改"
        cancelText="取消"
        okButtonProps={{ danger: roleChange?.role === 'admin', 'data-testid': 'role-confirm' }}
        confirmLoading={update.isPending}
        onCancel={() => setRoleChange(undefined)}
        onOk={() =>
          roleChange &&
          update.mutate(
            { id: roleChange.row.id, role: roleChange.role },
            {
              onSuccess: () => {
                notifySuccess(`已将 ${roleChange.row.display_name} 的角色改为“${STAFF_ROLE_NAMES[roleChange.role]}”`);
                setRoleChange(undefined);
              },
            },
          )
        }
        destroyOnHidden
      >
        {roleChange ? (
          <div data-testid="role-change">
            <p>
              {roleChange.row.display_name}（{roleChange.row.username}）：{STAFF_ROLE_NAMES[roleChange.row.role]} → {STAFF_ROLE_NAMES[roleChange.role]}
            </p>
            <p className="muted">
              {ROLE_DESCRIPTIONS[roleChange.role]}
              修改后该员工须重新登录。
            </p>
          </div>
        ) : null}
      </Modal>
      <Modal
        open={creating}
        title="新增员工"
        okText="创建"
        cancelText="取消"
        confirmLoading={create.isPending}
        onCancel={() => setCreating(false)}
        onOk={() =>
          // A failed validation is shown on the form; it is not an error to report.
          void createForm.validateFields().then(
            (values) =>
              create.mutate(values, {
                onSuccess: () => {
                  notifySuccess('已创建，请把临时密码告知本人，首次登录须修改');
                  createForm.resetFields();
                  setCreating(false);
                },
              }),
            () => undefined,
          )
        }
        destroyOnHidden
        forceRender
      >
        <Form form={createForm} layout="vertical" requiredMark={false} initialValues={{ role: 'clerk' }}>
          <Form.Item label="用户名（登录用）" name="username" rules={[{ required: true, pattern: USERNAME_PATTERN, message: '3–32 位小写字母、数字或 . _ -' }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label="姓名（显示给同事和客户的处理人）" name="display_name" rules={[{ required: true, whitespace: true, message: '请填写姓名' }, { max: 32 }]}>
            <Input />
          </Form.Item>
          <Form.Item label="角色" name="role">
            <Select options={ROLE_OPTIONS} />
          </Form.Item>
          <Form.Item label="临时密码" name="password" rules={[passwordRule]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={resetting !== undefined}
        title={`重置 ${resetting?.display_name ?? ''} 的密码`}
        okText="重置"
        cancelText="取消"
        confirmLoading={update.isPending}
        onCancel={() => setResetting(undefined)}
        onOk={() =>
          void resetForm.validateFields().then(
            (values) =>
              resetting &&
              update.mutate(
                { id: resetting.id, password: values.password },
                {
                  onSuccess: () => {
                    notifySuccess('密码已重置，本人下次登录须修改');
                    resetForm.resetFields();
                    setResetting(undefined);
                  },
                },
              ),
            () => undefined,
          )
        }
        destroyOnHidden
        forceRender
      >
        <Form form={resetForm} layout="vertical" requiredMark={false}>
          <Form.Item label="新的临时密码" name="password" rules={[passwordRule]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
