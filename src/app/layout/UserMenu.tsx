import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import KeyOutlined from '@ant-design/icons/es/icons/KeyOutlined';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import PictureOutlined from '@ant-design/icons/es/icons/PictureOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { Button, Dropdown, message } from 'antd';
// Avatar alone: antd's Avatar index also brings Avatar.Group, and with it Popover.
import Avatar from 'antd/es/avatar/Avatar';
import { useRef, useState } from 'react';
import { appHistory } from '../history.ts';
import { download } from '../../core/download.ts';
import { request } from '../../core/request.ts';
import { getStaffName, SESSION_KEYS } from '../../core/session.ts';
import { logoutToSso } from '../../core/sessionEnd.ts';

/**
 * The top bar's account menu: avatar, own login history, password, sign-out. It navigates through
 * the app's history, not react-router's useNavigate, which would re-render it at every navigation.
 */
export function UserMenu() {
  const [icon, setIcon] = useState(() => localStorage.getItem(SESSION_KEYS.icon) || '');
  const picker = useRef<HTMLInputElement>(null);

  async function changeAvatar(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      message.error('请选择图片文件');
      return;
    }
    // The uploader (with its image compressor) loads when an avatar is picked, not with every screen.
    const { uploadFile } = await import('../../core/upload.ts');
    const uploaded = await uploadFile(file);
    if (uploaded.result !== 1 || !uploaded.fileInfo) {
      message.error(uploaded.msg || '上传失败');
      return;
    }
    const res = await request<{ icon: string }>('auth', '/login/updateIcon', { method: 'POST', params: { icon: uploaded.fileInfo.resPath } });
    if (res.status !== '200') {
      message.error(res.message);
      return;
    }
    localStorage.setItem(SESSION_KEYS.icon, uploaded.fileInfo.resPath);
    setIcon(uploaded.fileInfo.resPath);
    message.success('头像已更新');
  }

  async function logout() {
    await request('auth', '/login/logout', { method: 'POST' });
    logoutToSso();
  }

  return (
    <>
      <input ref={picker} type="file" accept="image/*" hidden data-testid="avatar-input" onChange={(e) => changeAvatar(e.target.files?.[0])} />
      <Dropdown
        menu={{
          items: [
            { key: 'avatar', icon: <PictureOutlined />, label: '更换头像', onClick: () => picker.current?.click() },
            { key: 'logs', icon: <DownloadOutlined />, label: '导出我的登录记录', onClick: () => download('auth', '/login/myLoginLogs/export') },
            { key: 'password', icon: <KeyOutlined />, label: '修改密码', onClick: () => appHistory.push('/alter/password') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: logout },
          ],
        }}
      >
        <Button type="text" icon={icon ? <Avatar size="small" src={icon} alt="头像" /> : <UserOutlined />}>
          {getStaffName()}
        </Button>
      </Dropdown>
    </>
  );
}
