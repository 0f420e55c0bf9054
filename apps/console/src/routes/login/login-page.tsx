import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLogin } from '../../hooks/api/session.ts';

export function LoginPage() {
  const login = useLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useEffect(() => {
    document.title = '登录 · 快报办理台';
  }, []);

  const submit = (values: { username: string; password: string }) => {
    login.mutate(values, {
      onSuccess: () => {
        const next = params.get('next');
        // Only paths inside the console: never an outside address.
        navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/', { replace: true });
      },
    });
  };

  return (
    <main className="login-screen">
      <Card className="login-card" data-testid="login-card">
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          快报办理台
        </Typography.Title>
        <Typography.Paragraph className="muted">代办人员登录。首次登录请使用服务器启动时显示的管理员账号。</Typography.Paragraph>
        {login.isError ? <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} data-testid="login-error" /> : null}
        <Form layout="vertical" onFinish={submit} requiredMark={false} disabled={login.isPending}>
          <Form.Item label="用户名" name="username" rules={[{ required: true, message: '请输入用户名' }]}>
            <Input autoComplete="username" autoFocus data-testid="login-username" />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending} data-testid="login-submit">
            登录
          </Button>
        </Form>
      </Card>
    </main>
  );
}
