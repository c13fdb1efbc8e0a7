export type YesNo = 'Y' | 'N';

/** The signed-in user as the server describes it at login. */
export interface SessionUser {
  uIdx: number;
  uId: string;
  uName: string;
  roleCd: number;
  roleCdNm: string;
  cId: string | number | null;
  cName: string | null;
  uStatus: number;
  initPwdYn: YesNo;
  showContentMenu: YesNo;
  showBoardMenu: YesNo;
  showImgBoard: YesNo;
  showMovBoard: YesNo;
  authType: number;
  platform: string | number;
  programCodeList: string[];
  vrixUrl: string | null;
  lastAccessAt: string | null;
}
