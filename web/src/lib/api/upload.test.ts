import { beforeEach, describe, expect, it, vi } from 'vitest';
import { captureAlerts } from '../../test/doubles';
import { buildUploadForm, postMultipart } from './upload';

/** Stands in for XMLHttpRequest: records what is sent, lets the test drive progress and the answer. */
class FakeRequest {
  static last: FakeRequest;
  headers: Record<string, string> = {};
  sent: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  method = '';
  url = '';

  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.sent = body;
  }
  respond(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

describe('buildUploadForm', () => {
  it('puts the encoded JSON in the part named data and each file in its own part', async () => {
    const first = new File(['one'], 'one.png', { type: 'image/png' });
    const second = new File(['two'], 'two.mp4', { type: 'video/mp4' });
    const form = buildUploadForm({ ntTitle: 'e\u0301', _local: 1 }, [
      { field: 'files', file: first },
      { field: 'files', file: second },
    ]);
    const data = form.get('data') as Blob;
    expect(JSON.parse(await data.text())).toEqual({ ntTitle: '\u00e9' });
    expect((form.getAll('files') as File[]).map((file) => file.name)).toEqual(['one.png', 'two.mp4']);
  });
});

describe('postMultipart', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
  });

  it('reports upload progress and resolves with the envelope', async () => {
    const percents: number[] = [];
    const pending = postMultipart('/api/system/notice/jsonSave.do', { ntTitle: 't' }, [], (p) => percents.push(p));
    const request = FakeRequest.last;
    expect(request.method).toBe('POST');
    expect(request.headers['X-Requested-With']).toBe('XMLHttpRequest');
    request.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    request.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    request.respond(200, JSON.stringify({ code: 0, message: '', data: { ntIdx: 3 } }));
    expect(await pending).toEqual({ code: 0, message: '', data: { ntIdx: 3 } });
    expect(percents).toEqual([25, 100]);
  });

  it('applies the envelope rules to the answer', async () => {
    const alerts = captureAlerts();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const pending = postMultipart('/api/x.do', {}, []);
    FakeRequest.last.respond(413, JSON.stringify({ code: 10413, message: '파일이 너무 큽니다.', data: null }));
    expect((await pending).code).toBe(10413);
    expect(alerts.alerts()).toEqual(['파일이 너무 큽니다.']);
  });
});
