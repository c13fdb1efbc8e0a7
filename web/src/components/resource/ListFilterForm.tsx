import { Form } from 'antd';
import { FilterForm, type FilterControlProps } from '../common/FilterForm';
import { RemoteSelect } from '../form/RemoteSelect';
import { allows } from '../popup/definition';
import { PopupField } from '../popup/PopupField';
import { useSessionUser } from '../../lib/session/sessionStore';
import type { ListFilterDefinition, OptionSource, Row } from './definition';

interface ListFilterFormProps {
  filters: ListFilterDefinition[];
  values: Record<string, string>;
  onSearch: (values: Record<string, string>) => void;
}

/** A condition chosen among the options a call answers for the conditions entered so far. */
function OptionsFilter({ source, value, onChange, id }: FilterControlProps & { source: OptionSource }) {
  const entered = (Form.useWatch([], { form: Form.useFormInstance(), preserve: true }) ?? {}) as Row;
  return (
    <RemoteSelect
      id={id}
      source={source}
      values={entered}
      style={{ width: 180 }}
      value={value}
      onChange={(chosen) => onChange?.(chosen === null || chosen === undefined ? '' : String(chosen))}
    />
  );
}

/** The search conditions above a list: those in place, those chosen in a search popup, and those chosen among a call's options. */
export function ListFilterForm({ filters, values, onSearch }: ListFilterFormProps) {
  const user = useSessionUser();
  // A condition chosen in a popup the user may not search is left out: their rows are theirs anyway.
  const offered = filters.filter((filter) => !filter.popup || allows(user?.programCodeList, filter.popup.permission));
  return (
    <FilterForm
      filters={offered}
      values={values}
      onSearch={onSearch}
      customControl={(filter, control) => {
        if (filter.popup) return <PopupField popup={filter.popup} asText placeholder="전체" {...control} />;
        if (filter.options) return <OptionsFilter source={filter.options} {...control} />;
        return null;
      }}
    />
  );
}
