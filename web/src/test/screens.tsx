/** Screens under test: a signed-in user, the screens at an address, and a server behind fetch. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';
import type { ResourceDefinition } from '../components/resource/definition';
import { ResourceForm } from '../components/resource/ResourceForm';
import { ResourceList } from '../components/resource/ResourceList';
import { queryClient } from '../lib/queryClient';
import { startSession } from '../lib/session/sessionStore';
import type { SessionUser } from '../lib/session/user';
import { answer, captureAlerts } from './doubles';

/** Before each test of screens: nothing cached from the last one, alerts captured, React's warnings quiet. */
export function freshScreens() {
  queryClient.clear();
  captureAlerts();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

/** Signs in a user of this role (a manager unless told) holding these permission codes. */
export function signIn(programCodeList: string[], roleCd = 10001) {
  startSession({ uId: 'tester', uName: '테스터', roleCd, initPwdYn: 'N', programCodeList } as unknown as SessionUser);
}

/** Renders the routes in the application's providers at `entry`; answers the router, which tells where screens went. */
export function renderRoutes(routes: RouteObject[], entry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** The generic list and view screens of a resource, at their addresses. */
export function resourceRoutes(definition: ResourceDefinition): RouteObject[] {
  return [
    { path: `${definition.routeBase}/list`, element: <ResourceList definition={definition} /> },
    { path: `${definition.routeBase}/view`, element: <ResourceForm definition={definition} /> },
  ];
}

export interface ApiCall {
  url: string;
  body: Record<string, unknown>;
}

/**
 * A server behind fetch: code lists (`jsonCodeKey.do`) from `codes` by cdKey, every other call from
 * `reply`, whose value is the data of a successful answer (a Response as it is). Answers the calls
 * made, in order.
 */
export function serveApi(reply: (url: string, body: Record<string, unknown>) => unknown, codes: Record<string, [string, string][]> = {}): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = (typeof init.body === 'string' ? JSON.parse(init.body) : {}) as Record<string, unknown>;
      calls.push({ url, body });
      if (url.endsWith('/jsonCodeKey.do')) {
        const list = (codes[String(body.cdKey)] ?? []).map(([cdCode, cdName]) => ({ cdCode, cdName }));
        return answer({ code: 0, message: '', data: { list } });
      }
      const data = reply(url, body);
      return data instanceof Response ? data : answer({ code: 0, message: '', data: data ?? null });
    }),
  );
  return calls;
}

/** A list call's answer holding these rows. */
export const listOf = (list: Record<string, unknown>[]) => ({ list, totalCount: list.length, page: 1, pageSize: 10 });

/**
 * A resource's list and view screens at `entry` for a user holding these permissions (a manager
 * unless told), its list answering `rows` and its detail `detail`; answers the calls made.
 */
export function renderResource(
  definition: ResourceDefinition,
  entry: string,
  { permissions, roleCd, rows, detail, codes }: { permissions: string[]; roleCd?: number; rows: Record<string, unknown>[]; detail: Record<string, unknown>; codes?: Record<string, [string, string][]> },
): ApiCall[] {
  signIn(permissions, roleCd);
  const calls = serveApi((url) => {
    if (url === `/api/${definition.apiPath}/jsonList.do`) return listOf(rows);
    if (url === `/api/${definition.apiPath}/jsonDetail.do`) return detail;
    return null;
  }, codes);
  renderRoutes(resourceRoutes(definition), entry);
  return calls;
}
