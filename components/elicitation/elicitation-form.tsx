'use client';

import { type FormEvent, useId, useState } from 'react';
import type { ElicitationField, ElicitationForm as Form, ElicitationValues } from '../../lib/protocol/elicitation';
import { elicitationAnswerProblems, fieldChoices } from '../../lib/thread/elicitation-answer';
import styles from './elicitation.module.css';

type Draft = Record<string, string | boolean>;

/**
 * The fields of an agent's form, drawn from its schema: text (a list of choices when it names
 * some), numbers, yes/no. Submit sends the values once they fit the schema (the relay checks them
 * again); Decline and Cancel send none.
 */
export function ElicitationForm({
  form,
  busy,
  onAccept,
  onRefuse,
}: {
  form: Form;
  busy: boolean;
  onAccept(values: ElicitationValues): void;
  onRefuse(action: 'decline' | 'cancel'): void;
}) {
  const prefix = useId();
  const [draft, setDraft] = useState<Draft>(() => initialDraft(form));
  const [problems, setProblems] = useState<string[]>([]);
  const required = new Set(form.required ?? []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = valuesOf(form, draft);
    const found = elicitationAnswerProblems(form, values);
    setProblems(found);
    if (found.length === 0) onAccept(values);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="elicitation-form">
      {Object.entries(form.properties).map(([name, field]) => {
        const id = `${prefix}-${name}`;
        const label = field.title || name;
        return (
          <div key={name} className={styles.field}>
            {field.type === 'boolean' ? (
              <label className={styles.checkLabel} htmlFor={id}>
                <input
                  id={id}
                  type="checkbox"
                  checked={draft[name] === true}
                  disabled={busy}
                  onChange={(event) => setDraft({ ...draft, [name]: event.target.checked })}
                />{' '}
                {label}
              </label>
            ) : (
              <>
                <label className={styles.label} htmlFor={id}>
                  {label}
                  {required.has(name) ? <span aria-hidden="true"> *</span> : null}
                </label>{' '}
                <FieldInput
                  id={id}
                  field={field}
                  value={String(draft[name] ?? '')}
                  required={required.has(name)}
                  disabled={busy}
                  onChange={(value) => setDraft({ ...draft, [name]: value })}
                />
              </>
            )}
            {field.description ? <span className={styles.description}>{field.description}</span> : null}
          </div>
        );
      })}
      {problems.length > 0 ? (
        <p className={styles.error} role="alert" data-testid="elicitation-error">
          {problems.join('; ')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className="button button--primary" data-testid="elicitation-accept" disabled={busy}>
          Submit
        </button>{' '}
        <button type="button" className="button" data-testid="elicitation-decline" disabled={busy} onClick={() => onRefuse('decline')}>
          Decline
        </button>{' '}
        <button type="button" className="button" data-testid="elicitation-cancel" disabled={busy} onClick={() => onRefuse('cancel')}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function FieldInput({
  id,
  field,
  value,
  required,
  disabled,
  onChange,
}: {
  id: string;
  field: Exclude<ElicitationField, { type: 'boolean' }>;
  value: string;
  required: boolean;
  disabled: boolean;
  onChange(value: string): void;
}) {
  const choices = fieldChoices(field);
  if (choices) {
    return (
      <select id={id} className={styles.input} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {/* An optional choice may be left unmade. */}
        <option value="">{required ? 'Choose…' : '(none)'}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  }
  const numeric = field.type === 'number' || field.type === 'integer';
  return (
    <input
      id={id}
      className={styles.input}
      type={numeric ? 'number' : 'text'}
      step={field.type === 'integer' ? 1 : numeric ? 'any' : undefined}
      min={numeric ? (field.minimum ?? undefined) : undefined}
      max={numeric ? (field.maximum ?? undefined) : undefined}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The schema's defaults, so the form starts as the agent suggests. */
function initialDraft(form: Form): Draft {
  const draft: Draft = {};
  for (const [name, field] of Object.entries(form.properties)) {
    if (field.type === 'boolean') draft[name] = field.default ?? false;
    else if (field.default !== undefined && field.default !== null) draft[name] = String(field.default);
  }
  return draft;
}

/** What the user filled in, typed as the schema says; a field left empty is left out. */
function valuesOf(form: Form, draft: Draft): ElicitationValues {
  const values: ElicitationValues = {};
  for (const [name, field] of Object.entries(form.properties)) {
    const value = draft[name];
    if (field.type === 'boolean') values[name] = value === true;
    else if (typeof value === 'string' && value !== '') values[name] = field.type === 'string' ? value : Number(value);
  }
  return values;
}
