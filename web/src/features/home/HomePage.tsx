import { Alert, Button, Col, Empty, Row } from 'antd';
import { Link } from 'react-router';
import { PageTitle, Panel } from '../../components/common/Panel';
import { MenuBadge } from '../../components/menu/MenuBadge';
import { mustChangePassword } from '../../lib/session/initialPassword';
import { openPasswordDialog } from '../../lib/session/passwordDialog';
import { useSessionUser } from '../../lib/session/sessionStore';
import { useUserMenu } from '../../lib/session/userMenu';
import { Dashboard } from './dashboard/Dashboard';
import { dashboardOf } from './dashboard/dashboardKind';
import { LatestNotices } from './LatestNotices';

/**
 * The home page: a greeting, the dashboard of the user's role and the latest notices; roles without a
 * dashboard get a card for each menu area they may open instead.
 */
export default function HomePage() {
  const user = useSessionUser();
  const { data: groups = [], isPending } = useUserMenu();
  const dashboard = dashboardOf(user);
  // Every call but a few waits for the initial password change.
  const ready = !mustChangePassword(user);

  return (
    <div className="home-page">
      <PageTitle title={user ? `${user.uName}님, 안녕하세요.` : '안녕하세요.'} note={user ? `${user.roleCdNm}${user.cName ? ` · ${user.cName}` : ''}` : undefined} />
      {mustChangePassword(user) && (
        <Alert
          type="warning"
          showIcon
          className="home-alert"
          title="초기 비밀번호를 사용 중입니다. 비밀번호를 변경한 후 메뉴를 이용할 수 있습니다."
          action={
            <Button size="small" onClick={openPasswordDialog}>
              비밀번호 변경
            </Button>
          }
        />
      )}
      {ready && dashboard && <Dashboard kind={dashboard} />}
      {ready && <LatestNotices />}
      {!dashboard && !isPending && groups.length === 0 && <Empty description="이용할 수 있는 메뉴가 없습니다." />}
      <Row gutter={[16, 16]}>
        {(dashboard ? [] : groups).map((group) => (
          <Col key={group.mnId} xs={24} sm={12} lg={8} xl={6}>
            <Panel
              title={
                <span>
                  <MenuBadge group={group} /> {group.mnName}
                </span>
              }
            >
              <ul className="quick-links">
                {group.children.map((item) => (
                  <li key={item.mnId}>
                    <Link to={item.link}>{item.mnName}</Link>
                  </li>
                ))}
              </ul>
            </Panel>
          </Col>
        ))}
      </Row>
    </div>
  );
}
