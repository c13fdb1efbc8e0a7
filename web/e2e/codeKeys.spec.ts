import { expect, test } from '@playwright/test';
import path from 'node:path';
import { ADMIN_ID, ADMIN_NEW_PASSWORD } from './accounts';
import { codeKeysOfScreens } from './codeKeys';
import { login } from './helpers';

test('the server has every code list the screens name', async ({ page }) => {
  const keys = codeKeysOfScreens(path.join(import.meta.dirname, '..', 'src'));
  // The collection finds keys named in place and through a constant.
  expect(keys).toEqual(expect.arrayContaining(['CMPG_STATUS', 'TEMPLATE_TYPE', 'CP_STATUS', 'EXTRA_TYPE']));

  await login(page, ADMIN_ID, ADMIN_NEW_PASSWORD);
  const missing: string[] = [];
  for (const cdKey of keys) {
    const response = await page.request.post('/api/system/code/jsonCodeKey.do', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { cdKey } });
    const envelope = (await response.json()) as { code: number; data: { list?: unknown[] } | null };
    if (envelope.code !== 0 || (envelope.data?.list ?? []).length === 0) missing.push(cdKey);
  }
  expect(missing, `code lists the server lacks (of ${keys.length} named)`).toEqual([]);
});
