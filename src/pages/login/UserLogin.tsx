import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input, message } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { request } from '../../core/request.ts';
import { completeLogin, takeReturnUrl, type LoginResult } from '../../core/session.ts';
import { passwordDigest } from '../../shared/password.ts';
import { PublicCard } from '../session/PublicCard.tsx';

/** /userlogin and /userLogin: account and password, for staff signing in without the single sign-on. */
export default function UserLogin() {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  async function submit(values: { account: string; password: string }) {
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

  return (
    <PublicCard title="PMS 物业管理平台" width={380}>
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="账号" name="account" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
          <Input prefix={<UserOutlined />} placeholder="请输入账号" autoComplete="username" />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登 录
        </Button>
      </Form>
      <div style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between', fontSize: 13 }}>
        <Link to="/speciallogin">工号登录</Link>
        <Link to="/userPrivateProxy">用户协议与隐私政策</Link>
      </div>
    </PublicCard>
  );
}
