import { Button, Result, type ResultProps } from 'antd';
import { useNavigate, useParams } from 'react-router';

interface ErrorShape {
  status: ResultProps['status'];
  title: string;
  subTitle: string;
}

const ERRORS: Record<string, ErrorShape> = {
  '400': { status: 'warning', title: '400', subTitle: '잘못된 요청입니다.' },
  '405': { status: 'warning', title: '405', subTitle: '허용되지 않는 방식의 요청입니다.' },
  '40x': { status: '403', title: '요청을 처리할 수 없습니다', subTitle: '접근 권한이 없거나 요청이 올바르지 않습니다.' },
  '500': { status: '500', title: '500', subTitle: '서버에서 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.' },
  '404': { status: '404', title: '404', subTitle: '요청하신 페이지를 찾을 수 없습니다.' },
};

function ErrorResult({ shape }: { shape: ErrorShape }) {
  const navigate = useNavigate();
  return (
    <div className="error-page">
      <Result
        status={shape.status}
        title={shape.title}
        subTitle={shape.subTitle}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            홈으로
          </Button>
        }
      />
    </div>
  );
}

/** /error/400, /error/405, /error/40x and /error/500; any other status is a page that does not exist. */
export function ErrorScreen() {
  const { status = '' } = useParams();
  return <ErrorResult shape={ERRORS[status] ?? ERRORS['404']} />;
}

/** Any path the application does not know. */
export function NotFound() {
  return <ErrorResult shape={ERRORS['404']} />;
}
