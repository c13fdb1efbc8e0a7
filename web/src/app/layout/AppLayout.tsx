import { Layout, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { menuStatusStore } from '../../lib/session/menuStatus';
import { usePasswordDialogOpen } from '../../lib/session/passwordDialog';
import { useSessionUser } from '../../lib/session/sessionStore';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

// Most visits never open it: its form code is fetched the first time it is needed.
const ChangePasswordModal = lazy(async () => ({
  default: (await import('../../components/ChangePasswordModal')).ChangePasswordModal,
}));

/** The frame of every protected screen: header on top, the menu on the left, the screen beside it. */
export default function AppLayout() {
  const { flip } = menuStatusStore.use();
  const navigation = useNavigation();
  const passwordDialogOpen = usePasswordDialogOpen();
  const [passwordDialogUsed, setPasswordDialogUsed] = useState(passwordDialogOpen);
  useEffect(() => {
    if (passwordDialogOpen) setPasswordDialogUsed(true);
  }, [passwordDialogOpen]);
  const user = useSessionUser();

  // Once the session ends the screens go at once, before their emptied queries could ask the server
  // again and be told that nobody is logged in.
  if (!user) return null;

  return (
    <Layout className="app-layout">
      <TopBar />
      <Layout>
        <Layout.Sider className="app-sider" theme="light" width={220} collapsed={flip} trigger={null}>
          <SideMenu collapsed={flip} />
        </Layout.Sider>
        <Layout.Content className="app-content">
          <Spin spinning={navigation.state === 'loading'} delay={300}>
            <Outlet />
          </Spin>
        </Layout.Content>
      </Layout>
      {passwordDialogUsed && (
        <Suspense fallback={null}>
          <ChangePasswordModal />
        </Suspense>
      )}
    </Layout>
  );
}
