import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ResourceEditor } from '../../../components/resource/ResourceEditor';
import { usePermissions } from '../../../lib/permission';
import { campaignPhotoDefinition } from './definition';

const { program, routeBase } = campaignPhotoDefinition;

/**
 * `/cmpgphoto/cmpgphoto/view`: photos of a campaign at one of its sites, uploaded together; then the
 * list of that campaign's photos.
 */
export default function CampaignPhotoUploadPage() {
  const navigate = useNavigate();
  const can = usePermissions(program);
  return (
    <div className="resource-form">
      <Typography.Title level={4}>캠페인 사진 등록</Typography.Title>
      <ResourceEditor
        definition={campaignPhotoDefinition}
        mode="register"
        row={null}
        mayStore={can.write}
        onSaved={(saved) => navigate(`${routeBase}/list?${new URLSearchParams({ cmpgId: String(saved.cmpgId) })}`)}
        onCancel={() => navigate(`${routeBase}/list`)}
      />
    </div>
  );
}
