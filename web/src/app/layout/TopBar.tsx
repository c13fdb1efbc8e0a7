import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout, Space, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { logout } from '../../features/auth/api';
import { menuStatusStore } from '../../lib/session/menuStatus';
import { useSessionUser } from '../../lib/session/sessionStore';
import { envLabel, headerColor, useAppInfo } from './useAppInfo';

/** The header: menu fold toggle, logo (home), environment, who is signed in, my page and logout. */
export function TopBar() {
  const user = useSessionUser();
  const { flip } = menuStatusStore.use();
  const { data: appInfo } = useAppInfo();
  const navigate = useNavigate();
  const environment = envLabel(appInfo?.env);

  return (
    <Layout.Header className="top-bar" style={{ background: headerColor(appInfo?.env) }}>
      <Button
        type="text"
        className="top-bar-button"
        icon={flip ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={() => menuStatusStore.update((status) => ({ ...status, flip: !status.flip }))}
        aria-label={flip ? '메뉴 펼치기' : '메뉴 접기'}
      />
      <Link to="/" className="logo">
        타운보드
      </Link>
      {environment && <Tag className="env-tag">{environment}</Tag>}
      <div className="top-bar-spacer" />
      <Space size="middle">
        {user && (
          <span className="top-bar-user">
            <UserOutlined /> {user.uId} ({user.roleCdNm})
          </span>
        )}
        <Button size="small" onClick={() => navigate('/account/mypage/view')}>
          마이페이지
        </Button>
        <Button size="small" icon={<LogoutOutlined />} onClick={() => void logout()}>
          로그아웃
        </Button>
      </Space>
    </Layout.Header>
  );
}
