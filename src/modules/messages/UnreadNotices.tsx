import { Badge, List, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useNoticeState } from './state.ts';

/** Dashboard card (widget "UnreadNotices"): the unread push notices, live, a click away from the message list. */
export default function UnreadNotices() {
  const navigate = useNavigate();
  const { unreadCount } = useNoticeState();
  return (
    <List>
      <List.Item style={{ cursor: 'pointer' }} onClick={() => navigate('/notice/list')} extra={<Badge count={unreadCount} showZero overflowCount={999} />}>
        <Typography.Link>未读消息</Typography.Link>
      </List.Item>
    </List>
  );
}
