import { Button } from 'antd';
import { useRouteError } from 'react-router';

/**
 * Shown when a screen fails to load or to render, instead of a blank page. Plain markup, because it
 * ships with the first screen and antd's Result would bring its illustrations along.
 */
export function RouteError() {
  console.error(useRouteError());
  return (
    <div className="error-page route-error">
      <h2>화면을 표시하지 못했습니다</h2>
      <p>새로 고침 후에도 계속되면 관리자에게 문의해 주세요.</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        새로 고침
      </Button>
    </div>
  );
}
