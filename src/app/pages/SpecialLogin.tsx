import IdcardOutlined from '@ant-design/icons/es/icons/IdcardOutlined';
import MobileOutlined from '@ant-design/icons/es/icons/MobileOutlined';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../homePath.ts';
import { request } from '../../core/request.ts';
import { completeLogin, type LoginResult } from '../../core/session.ts';
import { showLoginFailed } from '../../core/sessionEnd.ts';
import { PublicCard } from './PublicCard.tsx';

/** /speciallogin: job number and the phone number on file, for supplier and on-site staff without SSO. */
export default function SpecialLogin() {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  async function submit(values: { userAccount: string; loginPhone: string }) {
    setSubmitting(true);
    const res = await request<LoginResult>('auth', '/login/jobNumberLogin', { method: 'POST', params: values });
    setSubmitting(false);
    if (res.status !== '200' || !res.data) {
      showLoginFailed();
      return;
    }
    completeLogin(res.data);
    navigate(HOME_PATH, { replace: true });
  }

  return (
    <PublicCard title="工号登录" width={380}>
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="工号" name="userAccount" rules={[{ required: true, whitespace: true, message: '请输入工号' }]}>
          <Input prefix={<IdcardOutlined />} placeholder="请输入工号，如 YJ0002" />
        </Form.Item>
        <Form.Item label="手机号" name="loginPhone" rules={[{ required: true, message: '请输入手机号' }, { pattern: /^1\d{10}$/, message: '请输入 11 位手机号' }]}>
          <Input prefix={<MobileOutlined />} placeholder="请输入登记的手机号" maxLength={11} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登 录
        </Button>
      </Form>
    </PublicCard>
  );
}
