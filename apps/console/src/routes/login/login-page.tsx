import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useEffect, useState, type FormEvent, type InputHTMLAttributes } from 'react';
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
 * The first page most visits see, so it takes only the lightest parts of antd (decision 030): Button and
 * Alert, with a plain panel, form and inputs styled like antd's. Card, Typography, Form and Input would
 * bring Tabs, Menu, Tooltip and the form engine: about 75 kB gzip for a page with two fields.
 */
export function LoginPage() {
  const login = useLogin();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [missing, setMissing] = useState<Partial<Record<Field, boolean>>>({});
  const [passwordShown, setPasswordShown] = useState(false);
  useEffect(() => {
    document.title = '登录 · 快报办理台';
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = { username: !values.username.trim(), password: !values.password };
    setMissing(empty);
    if (empty.username || empty.password) return;
    // On success the session is set and the app's routes take over (SignedInRedirect): this page is gone
    // by then, so a navigate of its own here would never run.
    login.mutate(values);
  };

  /** The input's props shared by both fields: value, the required check once tried, and the error's wiring. */
  const inputProps = (name: Field): InputHTMLAttributes<HTMLInputElement> & { 'data-testid': string } => ({
    id: `login-${name}`,
    className: missing[name] ? 'login-input login-input-error' : 'login-input',
    value: values[name],
    disabled: login.isPending,
    'aria-invalid': missing[name] || undefined,
    'aria-describedby': missing[name] ? `login-${name}-help` : undefined,
    'data-testid': `login-${name}`,
    onChange: (event) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      // Once a field was found empty, typing clears the message and emptying it brings it back.
      setMissing((current) => (current[name] === undefined ? current : { ...current, [name]: !value.trim() }));
    },
  });

  const help = (name: Field) =>
    missing[name] ? (
      <div id={`login-${name}-help`} className="login-field-error" role="alert">
        {REQUIRED[name]}
      </div>
    ) : null;

  return (
    <main className="login-screen">
      <section className="login-card" data-testid="login-card" aria-labelledby="login-title">
        <h1 id="login-title" className="login-title">
          快报办理台
        </h1>
        <p className="muted">代办人员登录。首次登录请使用服务器启动时显示的管理员账号。</p>
        {login.isError ? <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} data-testid="login-error" /> : null}
        <form onSubmit={submit} noValidate>
          <div className="login-field">
            <label htmlFor="login-username">用户名</label>
            <input {...inputProps('username')} autoComplete="username" autoFocus />
            {help('username')}
          </div>
          <div className="login-field">
            <label htmlFor="login-password">密码</label>
            <div className="login-password">
              <input {...inputProps('password')} type={passwordShown ? 'text' : 'password'} autoComplete="current-password" />
              <button type="button" className="login-password-toggle" aria-label={passwordShown ? '隐藏密码' : '显示密码'} aria-pressed={passwordShown} onClick={() => setPasswordShown((shown) => !shown)}>
                {passwordShown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
              </button>
            </div>
            {help('password')}
          </div>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending} data-testid="login-submit">
            登录
          </Button>
        </form>
      </section>
    </main>
  );
}
