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
const newsProviders = async () => (await import('../features/system/news/definition')).newsProviderDefinition;
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
const campaignMaterial = async () => (await import('../features/campaign/material/definition')).campaignMaterialDefinition;
const contentMaterial = async () => (await import('../features/content/material/definition')).contentMaterialDefinition;
const campaignList = (kind: 'temp' | 'request' | 'run' | 'end') => async () =>
  (await import('../features/campaign/listDefinition')).campaignListDefinition(kind);
const product = async () => (await import('../features/product/product/definition')).productDefinition;
const productPackage = async () => (await import('../features/product/package/definition')).packageDefinition;
const contentNoti = async () => (await import('../features/content/contentNoti/definition')).contentNotiDefinition;
const urgentMsg = async () => (await import('../features/content/urgentMsg/definition')).urgentMsgDefinition;
const content = async () => (await import('../features/content/content/definition')).contentDefinition;
const slotReport = async () => (await import('../features/report/slot/definition')).slotReportDefinition;
const proposal = async () => (await import('../features/report/proposal/definition')).proposalDefinition;
const boardImage = async () => (await import('../features/board/image/definition')).boardImageDefinition;
const boardVideo = async () => (await import('../features/board/material/definition')).boardVideoDefinition;
const allScreenBoard = async () => (await import('../features/board/adImage/definition')).allScreenBoardDefinition;
const boardVideoMaterial = async () => (await import('../features/board/adMaterial/definition')).boardVideoMaterialDefinition;
const boardImageMaterial = async () => (await import('../features/board/imgMaterial/definition')).boardImageMaterialDefinition;
const qna = async () => (await import('../features/board/qna/definition')).qnaDefinition;
const campaignWrite = async () => import('../features/campaign/write/CampaignWritePage');
const campaignView = async () => import('../features/campaign/view/CampaignViewPage');
const points = async () => import('../features/point/PointListPage');
const mediaFee = async () => (await import('../features/settlement/fee/media/definition')).mediaFeeDefinition;
const salesFee = async () => (await import('../features/settlement/fee/sales/definition')).salesFeeDefinition;
const coupon = async () => (await import('../features/promotion/biz/definition')).couponDefinition;
const couponSent = async () => (await import('../features/promotion/sent/definition')).sentDefinition;

export const routes: RouteObject[] = [
  {
    path: '/login',
    loader: publicOnlyLoader,
    hydrateFallbackElement: loading,
    lazy: screen(() => import('../features/auth/LoginPage')),
    errorElement: <RouteError />,
  },
  // The browser player of a screen: public (paired by device serial, no back-office login), its own chunk.
  {
    path: '/player',
    hydrateFallbackElement: loading,
    lazy: screen(() => import('../features/player/PlayerPage')),
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
      { path: 'system/newsmng/list', lazy: listScreen(newsProviders) },
      { path: 'system/newsmng/view', lazy: formScreen(newsProviders) },
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
      { path: 'campaign/material/list', lazy: listScreen(campaignMaterial) },
      { path: 'campaign/material/view', lazy: formScreen(campaignMaterial) },
      { path: 'content/material/list', lazy: listScreen(contentMaterial) },
      { path: 'content/material/view', lazy: formScreen(contentMaterial) },
      { path: 'content/contentNoti/list', lazy: listScreen(contentNoti) },
      { path: 'content/contentNoti/view', lazy: formScreen(contentNoti) },
      { path: 'content/urgentMsg/list', lazy: listScreen(urgentMsg) },
      { path: 'content/urgentMsg/view', lazy: screen(() => import('../features/content/urgentMsg/UrgentMsgPage')) },
      { path: 'content/content/list', lazy: listScreen(content) },
      { path: 'content/content/view', lazy: screen(() => import('../features/content/content/ContentPage')) },
      { path: 'content/manager/view', lazy: screen(() => import('../features/content/manager/ContentManagerPage')) },
      { path: 'board/image/list', lazy: listScreen(boardImage) },
      { path: 'board/image/view', lazy: formScreen(boardImage) },
      { path: 'board/material/list', lazy: listScreen(boardVideo) },
      { path: 'board/material/view', lazy: formScreen(boardVideo) },
      { path: 'board/adImage/list', lazy: listScreen(allScreenBoard) },
      { path: 'board/adImage/view', lazy: formScreen(allScreenBoard) },
      { path: 'board/adMaterial/list', lazy: listScreen(boardVideoMaterial) },
      { path: 'board/adMaterial/view', lazy: formScreen(boardVideoMaterial) },
      { path: 'board/imgMaterial/list', lazy: listScreen(boardImageMaterial) },
      { path: 'board/imgMaterial/view', lazy: formScreen(boardImageMaterial) },
      { path: 'board/qna/list', lazy: listScreen(qna) },
      { path: 'board/qna/view', lazy: formScreen(qna) },
      { path: 'cmpgphoto/cmpgphoto/list', lazy: screen(() => import('../features/campaign/photo/CampaignPhotoListPage')) },
      { path: 'cmpgphoto/cmpgphoto/view', lazy: screen(() => import('../features/campaign/photo/CampaignPhotoUploadPage')) },
      { path: 'schedule/schedule/view', lazy: screen(() => import('../features/schedule/schedule/ScheduleViewPage')) },
      { path: 'schedule/new/view', lazy: screen(() => import('../features/schedule/new/PlanPage')) },
      { path: 'report/slot/list', lazy: listScreen(slotReport) },
      { path: 'report/temp/list', lazy: listScreen(proposal) },
      { path: 'report/temp/write', lazy: screen(() => import('../features/report/proposal/ProposalWritePage')) },
      { path: 'report/temp/view', lazy: screen(() => import('../features/report/proposal/ProposalViewPage')) },
      { path: 'report/wpopl/list', lazy: screen(() => import('../features/report/population/PopulationPage')) },
      { path: 'campaign/write/write', lazy: async () => ({ Component: (await campaignWrite()).NewCampaignScreen }) },
      { path: 'campaign/temp/write', lazy: async () => ({ Component: (await campaignWrite()).TempCampaignScreen }) },
      { path: 'campaign/request/write', lazy: async () => ({ Component: (await campaignWrite()).RequestCampaignScreen }) },
      { path: 'campaign/temp/list', lazy: listScreen(campaignList('temp')) },
      { path: 'campaign/request/list', lazy: listScreen(campaignList('request')) },
      { path: 'campaign/run/list', lazy: listScreen(campaignList('run')) },
      { path: 'campaign/end/list', lazy: listScreen(campaignList('end')) },
      { path: 'campaign/request/view', lazy: async () => ({ Component: (await campaignView()).RequestViewScreen }) },
      { path: 'campaign/run/view', lazy: async () => ({ Component: (await campaignView()).RunViewScreen }) },
      { path: 'campaign/end/view', lazy: async () => ({ Component: (await campaignView()).EndViewScreen }) },
      { path: 'campaign/run/modify', lazy: screen(() => import('../features/campaign/modify/CampaignModifyPage')) },
      { path: 'product/product/list', lazy: listScreen(product) },
      { path: 'product/product/view', lazy: formScreen(product) },
      { path: 'product/package/list', lazy: listScreen(productPackage) },
      { path: 'product/package/view', lazy: formScreen(productPackage) },
      { path: 'point/advertiser/list', lazy: async () => ({ Component: (await points()).AdvertiserPointScreen }) },
      { path: 'point/sales/list', lazy: async () => ({ Component: (await points()).SalesPointScreen }) },
      { path: 'point/salesuser/list', lazy: async () => ({ Component: (await points()).SalesUserPointScreen }) },
      { path: 'settlement/fee/media/list', lazy: listScreen(mediaFee) },
      { path: 'settlement/fee/media/view', lazy: formScreen(mediaFee) },
      { path: 'settlement/fee/sales/list', lazy: listScreen(salesFee) },
      { path: 'settlement/fee/sales/view', lazy: formScreen(salesFee) },
      { path: 'settlement/closing/list', lazy: screen(() => import('../features/settlement/closing/ClosingPage')) },
      { path: 'settlement/media/list', lazy: screen(() => import('../features/settlement/media/MediaSettlementPage')) },
      { path: 'settlement/sales/list', lazy: screen(() => import('../features/settlement/sales/SalesSettlementPage')) },
      { path: 'settlement/jungsan/list', lazy: screen(() => import('../features/settlement/campaign/CampaignSettlementPage')) },
      { path: 'promotion/biz/list', lazy: listScreen(coupon) },
      { path: 'promotion/biz/view', lazy: formScreen(coupon) },
      { path: 'promotion/sent/list', lazy: listScreen(couponSent) },
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
