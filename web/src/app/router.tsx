import { Spin } from 'antd';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from './errors/RouteError';
import { onScreenChange, protectedLoader, publicOnlyLoader } from './guards';

// Shown while the first screen's code arrives.
const loading = <Spin fullscreen />;

/** Each screen is its own chunk, fetched when first visited. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    path: '/login',
    loader: publicOnlyLoader,
    hydrateFallbackElement: loading,
    lazy: screen(() => import('../features/auth/LoginPage')),
    errorElement: <RouteError />,
  },
  {
    path: '/error/:status',
    hydrateFallbackElement: loading,
    lazy: async () => ({ Component: (await import('./errors/ErrorScreens')).ErrorScreen }),
  },
  {
    id: 'protected',
    loader: protectedLoader,
    shouldRevalidate: onScreenChange,
    hydrateFallbackElement: loading,
    lazy: screen(() => import('./layout/AppLayout')),
    errorElement: <RouteError />,
    // A screen that fails shows its error inside the frame, so the menu stays usable.
    children: [
      { index: true, lazy: screen(() => import('../features/home/HomePage')) },
      { path: 'account/mypage/view', lazy: screen(() => import('../features/account/mypage/MyPage')) },
      { path: 'system/code/list', lazy: screen(() => import('../features/system/code/CodeListPage')) },
      { path: 'system/code/view', lazy: screen(() => import('../features/system/code/CodeViewPage')) },
      { path: 'system/env/list', lazy: screen(() => import('../features/system/env/EnvListPage')) },
      { path: 'system/env/view', lazy: screen(() => import('../features/system/env/EnvViewPage')) },
    ].map((child) => ({ ...child, errorElement: <RouteError /> })),
  },
  {
    path: '*',
    hydrateFallbackElement: loading,
    lazy: async () => ({ Component: (await import('./errors/ErrorScreens')).NotFound }),
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
