import { Button, Form, Input, message } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../homePath.ts';
import { request } from '../../core/request.ts';
import { isLoggedIn } from '../../core/session.ts';
import { startSignOn } from '../../core/sso.ts';
import { passwordDigest } from '../../shared/password.ts';
import { PublicCard } from './PublicCard.tsx';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** /alter/password: change the signed-in user's password; other sessions of the account end. */
export default function AlterPassword() {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const loggedIn = isLoggedIn();
  useEffect(() => {
    if (!loggedIn) startSignOn('/alter/password');
  }, [loggedIn]);

  async function submit(values: Values) {
    setSubmitting(true);
    const res = await request('auth', '/login/updatePwd', {
      method: 'POST',
      params: { oldPassword: passwordDigest(values.oldPassword), newPassword: values.newPassword },
    });
    setSubmitting(false);
    if (res.status !== '200') {
      message.error(res.message);
      return;
    }
    message.success('密码修改成功');
    navigate(HOME_PATH, { replace: true });
  }

  return (
    <PublicCard title="修改密码">
      <Form<Values> layout="vertical" onFinish={submit} requiredMark={false}>
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
        <Button type="primary" htmlType="submit" block loading={submitting} disabled={!loggedIn}>
          确认修改
        </Button>
      </Form>
    </PublicCard>
  );
}
