import { ResourceForm } from '../../../components/resource/ResourceForm';
import { codeDefinition } from './definition';

export default function CodeViewPage() {
  return <ResourceForm definition={codeDefinition} />;
}
