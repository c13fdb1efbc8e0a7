import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
import koKR from 'antd/locale/ko_KR';
import dayjs from 'dayjs';
import 'dayjs/locale/ko';
import { useEffect, type ReactNode } from 'react';
import { bindNotifier } from '../lib/notify';
import { queryClient } from '../lib/queryClient';
import { appTheme } from './theme';

dayjs.locale('ko');

/**
 * Routes the application's alerts through a message holder inside the ConfigProvider, so they follow
 * its locale and theme (antd's App component would do the same but also pulls in Modal for every screen).
 */
function NotifierBinding() {
  const [messageApi, holder] = message.useMessage();
  useEffect(() => {
    bindNotifier(messageApi);
    return () => bindNotifier(null);
  }, [messageApi]);
  return holder;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={koKR} theme={appTheme}>
      <NotifierBinding />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
