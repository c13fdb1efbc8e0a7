import { Spin } from 'antd';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from './errors/RouteError';
import { onScreenChange, protectedLoader, publicOnlyLoader } from './guards';
import { formScreen, listScreen } from './resourceScreens';

// Shown while the first screen's code arrives.
const loading = <Spin fullscreen />;

/** Each screen is its own chunk, fetched when first visited. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

// The definitions of screens that are a definition on the generic list and form, each in its own chunk.
const program = async () => (await import('../features/system/program/definition')).programDefinition;
const notice = async () => (await import('../features/system/notice/definition')).noticeDefinition;
const newsmng = async () => (await import('../features/system/newsmng/definition')).newsmngDefinition;
const corp = async () => (await import('../features/account/corp/definition')).corpDefinition;
const user = async () => (await import('../features/account/user/definition')).userDefinition;
const userteam = async () => (await import('../features/account/userteam/definition')).userteamDefinition;
const usergroup = async () => (await import('../features/account/usergroup/definition')).usergroupDefinition;
const advertiser = async () => (await import('../features/account/advertiser/definition')).advertiserDefinition;
const nodeManager = async () => (await import('../features/account/nodemanager/definition')).nodeManagerDefinition;
const poi = async () => (await import('../features/media/poi/definition')).poiDefinition;
const device = async () => (await import('../features/media/device/definition')).deviceDefinition;
const media = async () => (await import('../features/media/media/definition')).mediaDefinition;
const mediaGroup = async () => (await import('../features/media/mediagroup/definition')).mediaGroupDefinition;
const player = async () => (await import('../features/media/player/definition')).playerDefinition;
const operation = async () => (await import('../features/media/operation/definition')).operationDefinition;
const monthReport = async () => (await import('../features/media/report/monthDefinition')).monthReportDefinition;
const dailyReport = async () => (await import('../features/media/report/dailyDefinition')).dailyReportDefinition;

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
      { path: 'system/menu/list', lazy: screen(() => import('../features/system/menu/MenuPage')) },
      { path: 'system/program/list', lazy: listScreen(program) },
      { path: 'system/program/view', lazy: formScreen(program) },
      { path: 'system/notice/list', lazy: listScreen(notice) },
      { path: 'system/notice/write', lazy: formScreen(notice, 'write') },
      { path: 'system/notice/view', lazy: formScreen(notice, 'view') },
      { path: 'system/newsmng/list', lazy: listScreen(newsmng) },
      { path: 'system/newsmng/view', lazy: formScreen(newsmng) },
      { path: 'system/authrole/auth', lazy: screen(() => import('../features/system/authrole/AuthRolePage')) },
      { path: 'system/history/list', lazy: screen(() => import('../features/system/history/HistoryListPage')) },
      { path: 'account/corp/list', lazy: listScreen(corp) },
      { path: 'account/corp/view', lazy: formScreen(corp) },
      { path: 'account/user/list', lazy: listScreen(user) },
      { path: 'account/user/view', lazy: formScreen(user) },
      { path: 'account/userteam/list', lazy: listScreen(userteam) },
      { path: 'account/userteam/view', lazy: formScreen(userteam) },
      { path: 'account/usergroup/list', lazy: listScreen(usergroup) },
      { path: 'account/usergroup/view', lazy: formScreen(usergroup) },
      { path: 'account/advertiser/list', lazy: listScreen(advertiser) },
      { path: 'account/advertiser/view', lazy: formScreen(advertiser) },
      { path: 'account/nodemanager/list', lazy: listScreen(nodeManager) },
      { path: 'account/nodemanager/view', lazy: formScreen(nodeManager) },
      { path: 'media/poi/list', lazy: listScreen(poi) },
      { path: 'media/poi/view', lazy: formScreen(poi) },
      { path: 'media/device/list', lazy: listScreen(device) },
      { path: 'media/device/view', lazy: formScreen(device) },
      { path: 'media/media/list', lazy: listScreen(media) },
      { path: 'media/media/view', lazy: formScreen(media) },
      { path: 'media/mediagroup/list', lazy: listScreen(mediaGroup) },
      { path: 'media/mediagroup/view', lazy: formScreen(mediaGroup) },
      { path: 'media/player/list', lazy: listScreen(player) },
      { path: 'media/player/view', lazy: formScreen(player) },
      { path: 'media/operation/list', lazy: listScreen(operation) },
      { path: 'media/report/monthList', lazy: listScreen(monthReport) },
      { path: 'media/report/dailyList', lazy: listScreen(dailyReport) },
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
