import { useEffect, useState } from 'react';
import { SearchField, Select } from '@parley/ui';
import { outcomeTexts as t } from './outcomeFormat';

export interface OutcomeFilterValue {
  /** '' all, 'true' a success, 'false' not a success. */
  success: '' | 'true' | 'false';
  tag: string;
}

const all = 'all';

/** The inbox's outcome filters: success or not, and a tag (applied on Enter). A view. */
export function OutcomeFilterFields({
  value,
  onChange,
}: {
  value: OutcomeFilterValue;
  onChange: (patch: Partial<OutcomeFilterValue>) => void;
}) {
  const [tag, setTag] = useState(value.tag);
  useEffect(() => {
    setTag(value.tag);
  }, [value.tag]);
  return (
    <>
      <Select
        label={t.filterLabel}
        value={value.success || all}
        onValueChange={(v) => onChange({ success: v === all ? '' : (v as 'true' | 'false') })}
        items={[
          { value: all, label: t.filterAll },
          { value: 'true', label: t.filterSuccess },
          { value: 'false', label: t.filterFailure },
        ]}
      />
      <SearchField
        label={t.tagFilter}
        showLabel
        value={tag}
        placeholder={t.tagPlaceholder}
        onChange={(next) => {
          setTag(next);
          if (!next) onChange({ tag: '' });
        }}
        onSubmit={(next) => onChange({ tag: next.trim() })}
      />
    </>
  );
}
