import { FileZipOutlined } from '@ant-design/icons';
import { Button, Image } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Row } from '../../../components/resource/definition';
import { readListQuery } from '../../../components/resource/listQuery';
import { ResourceList } from '../../../components/resource/ResourceList';
import { usePermissions } from '../../../lib/permission';
import { campaignPhotoDefinition, photoDownloadHref } from './definition';

/** The campaign's photos in one zip: only once a campaign is chosen. */
function ZipDownload() {
  const [searchParams] = useSearchParams();
  const { cmpgId = '' } = readListQuery(searchParams, campaignPhotoDefinition).filters;
  const chosen = cmpgId !== '';
  return (
    <Button
      icon={<FileZipOutlined />}
      href={chosen ? photoDownloadHref('zip', { cmpgId }) : undefined}
      download={chosen || undefined}
      disabled={!chosen}
      title={chosen ? undefined : '캠페인을 고르면 받을 수 있습니다.'}
    >
      ZIP 다운로드
    </Button>
  );
}

/** `/cmpgphoto/cmpgphoto/list`: the photos found, a click showing the original; zip and Excel downloads. */
export default function CampaignPhotoListPage() {
  const can = usePermissions(campaignPhotoDefinition.program);
  const [previewing, setPreviewing] = useState<Row | null>(null);
  return (
    <>
      <ResourceList definition={campaignPhotoDefinition} actions={can.download && <ZipDownload />} onRowOpen={setPreviewing} />
      {previewing && (
        <Image
          styles={{ root: { display: 'none' } }}
          src={String(previewing.url ?? '')}
          alt={`${String(previewing.cmpgTitle ?? '')} ${String(previewing.poiNm ?? '')}`}
          preview={{ open: true, onOpenChange: (open) => !open && setPreviewing(null) }}
        />
      )}
    </>
  );
}
