import { Tabs } from 'antd';
import { hasPermission, usePermissions } from '../../../lib/permission';
import { useSessionUser } from '../../../lib/session/sessionStore';
import type { DetailSection, ResourceDefinition, Row } from '../definition';
import { EditableRelatedTable } from './EditableRelatedTable';
import { RelatedFacts } from './RelatedFacts';
import { RelatedTable } from './RelatedTable';

function SectionContent({ definition, section, row }: { definition: ResourceDefinition; section: DetailSection; row: Row }) {
  switch (section.kind) {
    case 'facts':
      return <RelatedFacts definition={definition} url={section.url} body={section.body(row)} fields={section.fields} />;
    case 'table':
      return (
        <RelatedTable
          definition={definition}
          url={section.url}
          body={section.body(row)}
          columns={section.columns}
          rowKey={section.rowKey}
          openPath={section.openPath}
        />
      );
    case 'editableTable':
      return <EditableRelatedTable definition={definition} section={section} row={row} />;
    case 'custom': {
      const Panel = section.component;
      return <Panel row={row} />;
    }
  }
}

/** The tabs below a view screen, one per related section of the definition the user may see. */
export function DetailSections({ definition, row }: { definition: ResourceDefinition; row: Row }) {
  const can = usePermissions(definition.program);
  const user = useSessionUser();
  const roleCd = user?.roleCd;
  const sections = (definition.sections ?? []).filter((section) => {
    if (section.kind === 'table') return !section.requires || hasPermission(user, section.requires);
    return section.kind !== 'custom' || (can[section.permission] && (!section.roles || (roleCd !== undefined && section.roles.includes(Number(roleCd)))));
  });
  if (sections.length === 0) return null;
  return (
    <Tabs
      className="detail-sections"
      items={sections.map((section) => ({
        key: section.key,
        label: section.title,
        children: <SectionContent definition={definition} section={section} row={row} />,
      }))}
    />
  );
}
