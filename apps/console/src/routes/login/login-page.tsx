import { Alert, Button, Input } from 'antd';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useLogin } from '../../hooks/api/session.ts';

/** Where sign-in leads: the ?next= path a signed-out deep link carried, only inside the console (never an outside address). */
export function nextAfterSignIn(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** /login once signed in (the session query switches the routes): on to the page the deep link asked for. */
export function SignedInRedirect() {
  const [params] = useSearchParams();
  return <Navigate to={nextAfterSignIn(params.get('next'))} replace />;
}

type Field = 'username' | 'password';
const REQUIRED: Record<Field, string> = { username: '请输入用户名', password: '请输入密码' };

/**
 * The first page most visits see, so it uses only the lightest antd parts (decision 030): a plain
 * panel and form instead of Card, Typography and Form, which bring Tabs, Menu, Tooltip and the
 * form engine (about 45 kB gzip) to a page with two fields.
 */
export function LoginPage() {
  const login = useLogin();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [missing, setMissing] = useState<Partial<Record<Field, boolean>>>({});
  useEffect(() => {
    document.title = '登录 · 快报办理台';
  }, []);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setMissing((current) => ({ ...current, [field]: !value.trim() && current[field] !== undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = { username: !values.username.trim(), password: !values.password };
    setMissing(empty);
    if (empty.username || empty.password) return;
    // On success the session is set and the app's routes take over (SignedInRedirect): this page is gone
    // by then, so a navigate of its own here would never run.
    login.mutate(values);
  };

  const field = (name: Field, label: string, input: (props: { id: string; status?: 'error'; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => React.ReactNode) => (
    <div className="login-field">
      <label htmlFor={`login-${name}`}>{label}</label>
      {input({ id: `login-${name}`, ...(missing[name] ? { status: 'error', 'aria-invalid': true, 'aria-describedby': `login-${name}-help` } : {}) })}
      {missing[name] ? (
        <div id={`login-${name}-help`} className="login-field-error" role="alert">
          {REQUIRED[name]}
        </div>
      ) : null}
    </div>
  );

  return (
    <main className="login-screen">
      <section className="login-card" data-testid="login-card" aria-labelledby="login-title">
        <h1 id="login-title" className="login-title">
          快报办理台
        </h1>
        <p className="muted">代办人员登录。首次登录请使用服务器启动时显示的管理员账号。</p>
        {login.isError ? <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} data-testid="login-error" /> : null}
        <form onSubmit={submit} noValidate>
          {field('username', '用户名', (props) => (
            <Input {...props} autoComplete="username" autoFocus disabled={login.isPending} value={values.username} onChange={(event) => change('username', event.target.value)} data-testid="login-username" />
          ))}
          {field('password', '密码', (props) => (
            <Input.Password {...props} autoComplete="current-password" disabled={login.isPending} value={values.password} onChange={(event) => change('password', event.target.value)} data-testid="login-password" />
          ))}
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending} data-testid="login-submit">
            登录
          </Button>
        </form>
      </section>
    </main>
  );
}
