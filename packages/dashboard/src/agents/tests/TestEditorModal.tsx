import type { ExpectationType } from '@parley/api-client';
import { Banner, Button, Dialog, NumberField, Select, TextArea, TextField } from '@parley/ui';
import {
  expectationHints,
  expectationTypeItems,
  type TestDraft,
  type TurnDraft,
} from './testsFormat';
import * as styles from './tests.css';

export interface TestEditorModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'New test' or 'Edit test'. */
  title: string;
  draft: TestDraft;
  onChange: (draft: TestDraft) => void;
  onSave: () => void;
  saving?: boolean;
  /** The first problem ('turns.0.user: is required') or the server's refusal. */
  error?: string | null;
}

/**
 * The editor of one test: its name, user turns each with expectations (type and value),
 * repetitions and variables. A view: the draft comes in, changes and Save go out.
 */
export function TestEditorModal({
  open,
  onOpenChange,
  title,
  draft,
  onChange,
  onSave,
  saving = false,
  error,
}: TestEditorModalProps) {
  const setTurn = (i: number, turn: TurnDraft) =>
    onChange({ ...draft, turns: draft.turns.map((t, j) => (j === i ? turn : t)) });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="User turns, and for each answer what it must (or must not) do."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={onSave} busy={saving} busyLabel="Saving...">
            Save test
          </Button>
        </>
      }
    >
      <div className={styles.stack}>
        {error ? <Banner tone="error" title="The test cannot be saved" message={error} /> : null}
        <TextField
          label="Test name"
          value={draft.name}
          onChange={(name) => onChange({ ...draft, name })}
          isRequired
          maxLength={200}
        />
        {draft.turns.map((turn, i) => (
          <fieldset key={i} className={styles.editorTurn}>
            <legend className={styles.speaker}>{`Turn ${i + 1}`}</legend>
            <TextArea
              label={`User says (turn ${i + 1})`}
              value={turn.user}
              onChange={(user) => setTurn(i, { ...turn, user })}
              rows={2}
              maxLength={4000}
            />
            {turn.expect.map((e, k) => (
              <div key={k} className={styles.expectationRow}>
                <Select
                  label={`Expectation ${k + 1} type`}
                  value={e.type}
                  items={expectationTypeItems}
                  onValueChange={(type) =>
                    setTurn(i, {
                      ...turn,
                      expect: turn.expect.map((x, m) =>
                        m === k ? { ...x, type: type as ExpectationType } : x,
                      ),
                    })
                  }
                />
                <TextField
                  label={`Expectation ${k + 1} value`}
                  placeholder={expectationHints[e.type]}
                  value={e.value}
                  onChange={(value) =>
                    setTurn(i, {
                      ...turn,
                      expect: turn.expect.map((x, m) => (m === k ? { ...x, value } : x)),
                    })
                  }
                  maxLength={2000}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove expectation ${k + 1} of turn ${i + 1}`}
                  onClick={() =>
                    setTurn(i, { ...turn, expect: turn.expect.filter((_, m) => m !== k) })
                  }
                >
                  Remove
                </Button>
              </div>
            ))}
            <div className={styles.row}>
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  setTurn(i, { ...turn, expect: [...turn.expect, { type: 'contains', value: '' }] })
                }
                aria-label={`Add expectation to turn ${i + 1}`}
              >
                Add expectation
              </Button>
              {draft.turns.length > 1 ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    onChange({ ...draft, turns: draft.turns.filter((_, j) => j !== i) })
                  }
                >
                  {`Remove turn ${i + 1}`}
                </Button>
              ) : null}
            </div>
          </fieldset>
        ))}
        <div className={styles.row}>
          <Button
            variant="secondary"
            onClick={() =>
              onChange({ ...draft, turns: [...draft.turns, { user: '', expect: [] }] })
            }
          >
            Add turn
          </Button>
        </div>
        <NumberField
          label="Repetitions"
          description="Models are not deterministic: the run reports a pass rate."
          value={draft.repetitions}
          minValue={1}
          maxValue={10}
          onChange={(repetitions) => onChange({ ...draft, repetitions })}
        />
        <TextArea
          label="Variables"
          description="name=value, one a line; {{name}} in a turn or an expectation is replaced."
          value={draft.variables}
          onChange={(variables) => onChange({ ...draft, variables })}
          rows={2}
        />
      </div>
    </Dialog>
  );
}
