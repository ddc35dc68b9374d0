import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import { App, Badge, Button, Space, Tag } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { TODO_CATEGORY, type PushMessage } from '../../shared/push.ts';
import { setPresenter, startPush } from './connection.ts';
import { refreshUnread, useNoticeState } from './state.ts';
import { viewTask } from './view.ts';

const CONNECTION_TEXT = { online: '实时推送已连接', connecting: '实时推送连接中…', off: '实时推送未连接', refused: '实时推送未连接' } as const;

/** Spec 9 notice tags: 待办 (warning) for category 1, 提醒 (primary) otherwise. */
export function NoticeTag({ category }: { category: string }) {
  return category === TODO_CATEGORY ? <Tag color="warning">待办</Tag> : <Tag color="processing">提醒</Tag>;
}

/**
 * The top bar's bell: unread badge, the way to the message list, and where push notices appear
 * (spec 4 rules 4 and 5) and the blocked-audio modal (spec 8). Mounted once by the layout.
 */
export function PushCenter() {
  const { notification, modal } = App.useApp();
  const navigate = useNavigate();
  const { unreadCount, noticePageAlert, connection } = useNoticeState();

  useEffect(() => {
    let asking = false;
    setPresenter({
      show(message: PushMessage) {
        const { messageId, functionId } = message.pushParams ?? {};
        const key = `push-${messageId}`;
        notification.open({
          key,
          duration: 0,
          // Bottom right: the top bar's bell and account menu stay reachable while notices pile up.
          placement: 'bottomRight',
          message: (
            <Space size={4}>
              <NoticeTag category={message.category} />
              <span>{message.time}</span>
            </Space>
          ),
          description: message.content,
          actions: functionId ? (
            <Button type="primary" size="small" onClick={async () => (await viewTask(Number(messageId), functionId)) && notification.destroy(key)}>
              查看
            </Button>
          ) : undefined,
        });
      },
      audioBlocked(retry) {
        if (asking) return;
        asking = true;
        // The OK click is the user gesture that lets the browser play sounds from now on.
        modal.confirm({ title: '无法播放提示音', content: '点击确认后开启', okText: '确认', cancelText: '取消', onOk: () => void retry(), afterClose: () => (asking = false) });
      },
    });
    void startPush();
    // The badge does not depend on the push connection (no domain, broker away).
    void refreshUnread();
    return () => setPresenter(null);
  }, [notification, modal]);

  return (
    <Badge count={unreadCount} size="small" offset={[-4, 4]}>
      <Button
        type="text"
        aria-label="消息通知"
        title={`消息通知（${CONNECTION_TEXT[connection]}）`}
        icon={<BellOutlined style={noticePageAlert ? { color: '#faad14' } : undefined} />}
        onClick={() => navigate('/notice/list')}
      />
    </Badge>
  );
}
