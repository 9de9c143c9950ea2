/**
 * Checks a user's form answer against the schema the agent asked with, field by field, so that an
 * agent never receives values its own schema refuses. The relay runs it before it answers the
 * agent; the card runs it too, to say what is wrong before anything is sent.
 */
import type { ElicitationField, ElicitationForm, ElicitationValues } from '../protocol/elicitation';

/** Each problem with `values`, in words that name the field (none: the answer fits). */
export function elicitationAnswerProblems(form: ElicitationForm, values: ElicitationValues): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(values)) {
    if (!Object.hasOwn(form.properties, name)) problems.push(`"${name}" is not a field of this form`);
  }
  for (const name of form.required ?? []) {
    if (!Object.hasOwn(values, name)) problems.push(`${fieldLabel(form, name)} is required`);
  }
  for (const [name, field] of Object.entries(form.properties)) {
    if (!Object.hasOwn(values, name)) continue;
    const problem = valueProblem(field, values[name]);
    if (problem) problems.push(`${fieldLabel(form, name)} ${problem}`);
  }
  return problems;
}

/** The field as the card names it: its title, else its property name. */
export function fieldLabel(form: ElicitationForm, name: string): string {
  return `"${form.properties[name]?.title || name}"`;
}

/** The choices of a single-select string field, as value and label; none when it is free text. */
export function fieldChoices(field: ElicitationField): { value: string; label: string }[] | undefined {
  if (field.type !== 'string') return undefined;
  if (field.oneOf && field.oneOf.length > 0) return field.oneOf.map((option) => ({ value: option.const, label: option.title }));
  if (field.enum && field.enum.length > 0) return field.enum.map((value) => ({ value, label: value }));
  return undefined;
}

function valueProblem(field: ElicitationField, value: unknown): string | undefined {
  switch (field.type) {
    case 'string': {
      if (typeof value !== 'string') return 'must be text';
      const choices = fieldChoices(field);
      if (choices && !choices.some((choice) => choice.value === value)) {
        return `must be one of ${choices.map((choice) => JSON.stringify(choice.value)).join(', ')}`;
      }
      const length = [...value].length;
      if (typeof field.minLength === 'number' && length < field.minLength) return `must be at least ${field.minLength} characters`;
      if (typeof field.maxLength === 'number' && length > field.maxLength) return `must be at most ${field.maxLength} characters`;
      return undefined;
    }
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (field.type === 'integer' && !Number.isInteger(value)) return 'must be a whole number';
      if (typeof field.minimum === 'number' && value < field.minimum) return `must be at least ${field.minimum}`;
      if (typeof field.maximum === 'number' && value > field.maximum) return `must be at most ${field.maximum}`;
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    default: {
      const unreachable: never = field;
      return unreachable;
    }
  }
}
