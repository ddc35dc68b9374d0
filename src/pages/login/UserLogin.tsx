import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Typography, message } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { request } from '../../core/request.ts';
import { completeLogin, takeReturnUrl, type LoginResult } from '../../core/session.ts';
import { passwordDigest } from '../../shared/password.ts';

/** /userlogin and /userLogin: account and password. */
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
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'linear-gradient(135deg, #e6f4ff, #f0f5ff)' }}>
      <Card style={{ width: 380 }}>
        <Typography.Title level={3} style={{ textAlign: 'center' }}>
          PMS 物业管理平台
        </Typography.Title>
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
      </Card>
    </div>
  );
}
