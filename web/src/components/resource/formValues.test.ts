import type { UploadFile } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { corpDefinition } from '../../features/account/corp/definition';
import { userDefinition } from '../../features/account/user/definition';
import { mediaDefinition } from '../../features/media/media/definition';
import { menuDefinition } from '../../features/system/menu/definition';
import { newsProviderDefinition } from '../../features/system/news/definition';
import { noticeDefinition } from '../../features/system/notice/definition';
import { buildUploadForm } from '../../lib/api/upload';
import { fieldsChosenBy, toFormValues, toSaveRequest } from './formValues';
import { saveRow } from './resourceApi';

const picked = (name: string, text: string): UploadFile => {
  const file = new File([text], name, { type: 'text/plain' });
  return { uid: `new-${name}`, name, originFileObj: file as UploadFile['originFileObj'] };
};

const storedNotice = {
  ntIdx: 4,
  ntTitle: '점검 안내',
  ntContent: '<p>내일 점검합니다.</p>',
  ntStartDate: '2026-01-01',
  ntEndDate: null,
  viewCnt: 12,
  uName: '관리자',
  createdAt: '2026-01-01 09:00:00',
  updatedAt: '2026-01-01 09:00:00',
  files: [
    { fileIdx: 1, fileName: '안내문.pdf', fileSize: 100 },
    { fileIdx: 2, fileName: '일정.xlsx', fileSize: 200 },
  ],
};

describe('toFormValues', () => {
  it('turns stored files into upload entries that link to their download', () => {
    const values = toFormValues(noticeDefinition.fields, storedNotice);
    expect((values.files as UploadFile[]).map((file) => [file.name, file.url])).toEqual([
      ['안내문.pdf', '/api/common/file/download/notice/1/%EC%95%88%EB%82%B4%EB%AC%B8.pdf'],
      ['일정.xlsx', '/api/common/file/download/notice/2/%EC%9D%BC%EC%A0%95.xlsx'],
    ]);
  });

  it('reads stored files given by multipart part as one list', () => {
    const values = toFormValues(noticeDefinition.fields, { ...storedNotice, files: { files: storedNotice.files } });
    expect((values.files as UploadFile[]).map((file) => file.name)).toEqual(['안내문.pdf', '일정.xlsx']);
  });

  it('starts a new row from the defaults and the given values', () => {
    expect(toFormValues(menuDefinition.fields, null, { parentId: 10001 })).toEqual({ sortOrder: 0, useYn: 'Y', parentId: 10001 });
  });
});

describe('toSaveRequest', () => {
  it('sends the notice fields, new files as parts and the removed stored files by id', async () => {
    const initial = toFormValues(noticeDefinition.fields, storedNotice);
    const kept = (initial.files as UploadFile[]).filter((file) => file.name === '일정.xlsx');
    const values = { ...initial, ntTitle: ' 점검 안내 (변경) ', files: [...kept, picked('추가.txt', '추가 자료')] };
    const { row, files } = toSaveRequest(noticeDefinition.fields, values, 'modify', initial);
    expect(row).toEqual({
      ntTitle: '점검 안내 (변경)',
      ntStartDate: '2026-01-01',
      ntContent: '<p>내일 점검합니다.</p>',
      deleteFileIdxs: [1],
    });
    expect(files.map((part) => [part.field, part.fileName])).toEqual([['files', '추가.txt']]);

    const form = buildUploadForm({ ntIdx: 4, ...row }, files);
    expect(JSON.parse(await (form.get('data') as Blob).text())).toEqual({ ntIdx: 4, ...row });
    const parts = form.getAll('files') as File[];
    expect(parts.map((file) => file.name)).toEqual(['추가.txt']);
    expect(await parts[0].text()).toBe('추가 자료');
  });

  it('flags a removed logo, and sends a replacing one as its part without the flag', () => {
    const stored = { nssId: 3, nssNm: '뉴스', feedUrl: 'https://news.example/rss', useYn: 'Y', logo: { fileIdx: 8, fileName: 'logo.png' } };
    const initial = toFormValues(newsProviderDefinition.fields, stored);
    const removed = toSaveRequest(newsProviderDefinition.fields, { ...initial, logo: [] }, 'modify', initial);
    expect(removed.row).toEqual({ nssNm: '뉴스', useYn: 'Y', feedUrl: 'https://news.example/rss', deleteLogo: true });
    expect(removed.files).toEqual([]);
    const replaced = toSaveRequest(newsProviderDefinition.fields, { ...initial, logo: [picked('new.png', 'png')] }, 'modify', initial);
    expect(replaced.row).not.toHaveProperty('deleteLogo');
    expect(replaced.files.map((part) => part.field)).toEqual(['logo']);
  });

  it('sends only the fields of the kind of menu item', () => {
    const common = { mnName: '공통코드', mnIcon: '', sortOrder: 3, useYn: 'Y', mnDir: '/x', link: '/system/code/list', prgCode: 'system.code' };
    expect(toSaveRequest(menuDefinition.fields, { ...common, parentId: null }, 'register', {}).row).toEqual({
      mnName: '공통코드',
      mnDir: '/x',
      mnIcon: '',
      sortOrder: 3,
      useYn: 'Y',
    });
    expect(toSaveRequest(menuDefinition.fields, { ...common, parentId: 10001 }, 'register', {}).row).toEqual({
      mnName: '공통코드',
      parentId: 10001,
      link: '/system/code/list',
      prgCode: 'system.code',
      mnIcon: '',
      sortOrder: 3,
      useYn: 'Y',
    });
  });

  it('sends the initial password only when registering, and never what the server sets', () => {
    const values = { uId: 'e2euser', uName: '홍길동', uPw: 'Init-Pass-2026', cId: 7, cName: '타운', roleCd: 10004, uStatus: 1, authType: 1, initPwdYn: 'Y' };
    expect(toSaveRequest(userDefinition.fields, values, 'register', {}).row).toEqual({
      uId: 'e2euser',
      uName: '홍길동',
      uPw: 'Init-Pass-2026',
      cId: 7,
      uStatus: 1,
      authType: 1,
    });
    expect(toSaveRequest(userDefinition.fields, values, 'modify', {}).row).not.toHaveProperty('uPw');
  });

  it('stores a business number without dashes', () => {
    const values = { cName: '타운', cRep: '김대표', cBizNo: '124-81-00998', cType: 1, cPayType: 2, roleCd: 10004, cStatus: 1 };
    expect(toSaveRequest(corpDefinition.fields, values, 'register', {}).row).toEqual({ ...values, cBizNo: '1248100998' });
  });
});

/** Stands in for XMLHttpRequest, keeping what was sent. */
class RecordingRequest {
  static sent: { url: string; body: FormData }[] = [];
  url = '';
  status = 200;
  responseText = JSON.stringify({ code: 0, message: '', data: { cId: 11 } });
  upload = { onprogress: null };
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    RecordingRequest.sent.push({ url: this.url, body });
    this.onload?.();
  }
}

describe('saveRow', () => {
  it('saves a multipart resource as multipart even without files', async () => {
    vi.stubGlobal('XMLHttpRequest', RecordingRequest);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const row = { cName: '타운', cRep: '김대표', cBizNo: '1248100998', cType: 1, cPayType: 1, roleCd: 10004, cStatus: 1 };
    expect(await saveRow(corpDefinition, { row })).toEqual({ cId: 11 });
    expect(fetchMock).not.toHaveBeenCalled();
    const [sent] = RecordingRequest.sent;
    expect(sent.url).toBe('/api/account/corp/jsonSave.do');
    expect(JSON.parse(await (sent.body.get('data') as Blob).text())).toEqual(row);
    expect(sent.body.getAll('licence')).toEqual([]);
  });
});

describe('fieldsChosenBy', () => {
  const fieldNames = (roleCd: number | undefined) => fieldsChosenBy(mediaDefinition.fields, roleCd).map((field) => field.field);

  it('lets managers and operators choose a screen\'s media owner', () => {
    expect(fieldNames(10001)).toContain('cId');
    expect(fieldNames(10002)).toContain('cId');
  });

  it('leaves the owner to the server for everyone else, who never sends it', () => {
    expect(fieldNames(10004)).not.toContain('cId');
    expect(fieldNames(undefined)).not.toContain('cId');
    const values = { mediaNm: '101동 로비', cId: 3, poiId: 9, osType: 'AND', mediaStatus: 1 };
    const { row } = toSaveRequest(fieldsChosenBy(mediaDefinition.fields, 10004), values, 'register', {});
    expect(row).toEqual({ mediaNm: '101동 로비', poiId: 9, osType: 'AND', mediaStatus: 1 });
  });
});
