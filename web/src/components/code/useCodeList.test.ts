import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, captureAlerts } from '../../test/doubles';
import { fetchCodeList, MISSING_CODE_KEY_MESSAGE } from './useCodeList';

describe('fetchCodeList', () => {
  let alerts: ReturnType<typeof captureAlerts>;

  beforeEach(() => {
    alerts = captureAlerts();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('answers the codes of a group', async () => {
    const fetchMock = vi.fn(async () => answer({ code: 0, message: '', data: { list: [{ cdCode: 'Y', cdName: '사용' }] } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchCodeList('USE_YN')).toEqual([{ cdCode: 'Y', cdName: '사용' }]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/system/code/jsonCodeKey.do');
    expect(JSON.parse(String(init.body))).toEqual({ cdKey: 'USE_YN' });
    expect(alerts.alerts()).toEqual([]);
  });

  it('alerts that no code key matches when the group is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ code: 0, message: '', data: { list: [] } })));
    expect(await fetchCodeList('NO_SUCH_KEY')).toEqual([]);
    expect(alerts.alerts()).toEqual([MISSING_CODE_KEY_MESSAGE]);
  });

  it('alerts the server message and fails when the key is unknown to the server', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ code: 10404, message: MISSING_CODE_KEY_MESSAGE, data: null }, 404)));
    await expect(fetchCodeList('NO_SUCH_KEY')).rejects.toThrow(MISSING_CODE_KEY_MESSAGE);
    expect(alerts.alerts()).toEqual([MISSING_CODE_KEY_MESSAGE]);
  });
});
