import { Alert, Button, Form, Input, Modal } from 'antd';
import { PASSWORD_MIN_LENGTH, isAcceptablePassword } from '@kuaibao/domain';
import { useChangePassword, useLogout } from '../../hooks/api/session.ts';
import { notifySuccess } from '../../lib/notify.ts';

/** Change one's own password; `forced` after a temporary password (it cannot be dismissed). */
export function PasswordDialog(props: { open: boolean; forced: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ current_password: string; new_password: string; confirm: string }>();
  const change = useChangePassword();
  const logout = useLogout();
  const submit = async () => {
    // A failed validation is shown on the form; it is not an error to report.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    change.mutate(
      { current_password: values.current_password, new_password: values.new_password },
      {
        onSuccess: () => {
          notifySuccess('密码已修改');
          form.resetFields();
          props.onClose();
        },
      },
    );
  };
  return (
    <Modal
      open={props.open}
      title="修改密码"
      onCancel={props.forced ? undefined : props.onClose}
      closable={!props.forced}
      mask={{ closable: false }}
      keyboard={!props.forced}
      footer={[
        props.forced ? (
          <Button key="logout" onClick={() => logout.mutate()}>
            退出登录
          </Button>
        ) : (
          <Button key="cancel" onClick={props.onClose}>
            取消
          </Button>
        ),
        <Button key="ok" type="primary" loading={change.isPending} onClick={() => void submit()}>
          保存新密码
        </Button>,
      ]}
      destroyOnHidden
    >
      {props.forced ? <Alert type="warning" showIcon title="当前使用的是临时密码，请先设置自己的新密码。" style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item label="当前密码" name="current_password" rules={[{ required: true, message: '请输入当前密码' }]}>
          <Input.Password autoComplete="current-password" data-testid="password-current" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="new_password"
          extra={`至少 ${PASSWORD_MIN_LENGTH} 位，同时包含字母和数字`}
          rules={[{ validator: async (_rule, value: string) => (isAcceptablePassword(value ?? '') ? undefined : Promise.reject(new Error('密码至少 10 位，且须同时包含字母和数字'))) }]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm"
          dependencies={['new_password']}
          rules={[({ getFieldValue }) => ({ validator: async (_rule, value: string) => (value === getFieldValue('new_password') ? undefined : Promise.reject(new Error('两次输入的密码不一致'))) })]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
