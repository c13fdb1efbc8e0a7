import { Button, Descriptions, Typography } from 'antd';
import { formatDateTime } from '../../../lib/dates';
import { openPasswordDialog } from '../../../lib/session/passwordDialog';
import { useSessionUser } from '../../../lib/session/sessionStore';

/** One's own account as known at login, and the way to change the password. */
export default function MyPage() {
  const user = useSessionUser();
  if (!user) return null;

  return (
    <div className="resource-form">
      <Typography.Title level={4}>마이페이지</Typography.Title>
      <Descriptions
        bordered
        column={2}
        items={[
          { key: 'uId', label: '아이디', children: user.uId },
          { key: 'uName', label: '이름', children: user.uName },
          { key: 'role', label: '역할', children: user.roleCdNm },
          { key: 'corp', label: '소속', children: user.cName ?? '' },
          { key: 'lastAccessAt', label: '최근 접속', children: formatDateTime(user.lastAccessAt) },
        ]}
      />
      <div className="form-actions">
        <span />
        <Button type="primary" onClick={openPasswordDialog}>
          비밀번호 변경
        </Button>
      </div>
    </div>
  );
}
