import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { Button, message, theme } from 'antd';
// Input and Password alone: antd's Input index also brings TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { request } from '../../core/request.ts';
import { completeLogin, takeReturnUrl, type LoginResult } from '../../core/session.ts';
import { passwordDigest } from '../../shared/password.ts';
import { PublicCard } from './PublicCard.tsx';

type Values = { account: string; password: string };

/** The two required fields' messages, or none. */
function check(values: Values): Partial<Values> {
  return { ...(values.account.trim() ? {} : { account: '请输入账号' }), ...(values.password ? {} : { password: '请输入密码' }) };
}

/**
 * /userlogin and /userLogin: account and password, for staff signing in without the single
 * sign-on. A plain form rather than antd's Form: two required fields do not need its field
 * store, validator and label tooltips, which would be most of this page's JavaScript.
 */
export default function UserLogin() {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [values, setValues] = useState<Values>({ account: '', password: '' });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [submitting, setSubmitting] = useState(false);
  const set = (name: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    if (found.account || found.password) return;
    setSubmitting(true);
    const res = await request<LoginResult>('auth', '/login/userlogin', {
      method: 'POST',
      params: { account: values.account.trim(), password: passwordDigest(values.password) },
    });
    setSubmitting(false);
    if (res.status !== '200' || !res.data) {
      message.error(res.message || '登录失败，请重新登录');
      return;
    }
    completeLogin(res.data);
    navigate(takeReturnUrl(), { replace: true });
  }

  const field = (name: keyof Values, label: string, input: ReactNode) => (
    <div style={{ marginBottom: token.marginLG }}>
      <label htmlFor={`login-${name}`} style={{ display: 'block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}>
        {label}
      </label>
      {input}
      {errors[name] && <div style={{ color: token.colorError, marginTop: 4 }}>{errors[name]}</div>}
    </div>
  );

  return (
    <PublicCard title="PMS 物业管理平台" width={380}>
      <form onSubmit={submit} noValidate>
        {field(
          'account',
          '账号',
          <Input id="login-account" prefix={<UserOutlined />} placeholder="请输入账号" autoComplete="username" status={errors.account ? 'error' : ''} value={values.account} onChange={(e) => set('account', e.target.value)} />,
        )}
        {field(
          'password',
          '密码',
          <Password id="login-password" prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" status={errors.password ? 'error' : ''} value={values.password} onChange={(e) => set('password', e.target.value)} />,
        )}
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登 录
        </Button>
      </form>
      <div style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between', fontSize: 13 }}>
        <Link to="/speciallogin">工号登录</Link>
        <Link to="/userPrivateProxy">用户协议与隐私政策</Link>
      </div>
    </PublicCard>
  );
}
