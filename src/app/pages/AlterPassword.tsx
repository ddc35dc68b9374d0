import { Button, Form, Input, message } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../homePath.ts';
import { request } from '../../core/request.ts';
import { isLoggedIn } from '../../core/session.ts';
import { passwordDigest } from '../../shared/password.ts';
import { PublicCard } from './PublicCard.tsx';

interface Values {
  account?: string;
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * /alter/password, a route without login (spec 2.2): signed in, the user's own password (other
 * sessions end); signed out, an account with its old password (every session of it ends), then sign in.
 */
export default function AlterPassword() {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const loggedIn = isLoggedIn();

  async function submit(values: Values) {
    setSubmitting(true);
    const change = { oldPassword: passwordDigest(values.oldPassword), newPassword: values.newPassword };
    const res = loggedIn
      ? await request('auth', '/login/updatePwd', { method: 'POST', params: change })
      : await request('auth', '/login/alterPassword', { method: 'POST', params: { account: values.account?.trim(), ...change } });
    setSubmitting(false);
    if (res.status !== '200') {
      message.error(res.message);
      return;
    }
    message.success(loggedIn ? '密码已修改' : '密码已修改，请用新密码登录');
    navigate(loggedIn ? HOME_PATH : '/userlogin', { replace: true });
  }

  return (
    <PublicCard title="修改密码">
      <Form<Values> layout="vertical" onFinish={submit} requiredMark={false}>
        {!loggedIn && (
          <Form.Item label="账号" name="account" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
            <Input autoComplete="username" placeholder="请输入账号" maxLength={64} />
          </Form.Item>
        )}
        <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" placeholder="请输入原密码" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="newPassword"
          rules={[
            { required: true, message: '请输入新密码' },
            { min: 8, message: '新密码至少 8 位' },
            { pattern: /^(?=.*[A-Za-z])(?=.*\d).+$/, message: '新密码须同时包含字母和数字' },
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder="至少 8 位，含字母和数字" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, value) => (!value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的新密码不一致'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder="请再次输入新密码" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          确认修改
        </Button>
      </Form>
    </PublicCard>
  );
}
