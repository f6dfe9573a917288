// Answers for the set-up wizard's fields (decision 0026) that a verification sends like a member would:
// exactly the fields the wizard asks for, each with a value its own format check accepts, so that
// "publishes once your settings are filled" is checked by the real n8n (decision 0024).
import { parseSetupValue, type SetupFieldView, type SetupValueInput } from '#shared/schemas/setup-fields.ts';

const TEXT = 'flowvault-verification';
const EMAIL = 'verification@flowvault-verification.invalid';
const URL = 'https://flowvault-verification.invalid';
/** Ids in the shapes n8n's own id patterns take (letters and digits, digits, a UUID, a Slack channel). */
const IDS = ['flowvaultverification1', '1234567', '12345678-1234-4123-8123-123456789012', 'C0123456789'];

/** n8n's example id ("e.g. C0122KQ70S7E") without its prefix. */
const exampleOf = (field: SetupFieldView) =>
  field.example ? field.example.replace(/^e\.g\.,?\s*/i, '').split(/\s/)[0]! : null;

/**
 * One format-valid answer per field (the first candidate its check accepts), or the fields no
 * candidate fits: those the verification cannot fill as a member would, so it does not try.
 */
export function throwawaySetupValues(fields: SetupFieldView[]): {
  values: SetupValueInput[];
  unfillable: SetupFieldView[];
} {
  const values: SetupValueInput[] = [];
  const unfillable: SetupFieldView[] = [];
  for (const field of fields) {
    const candidates =
      field.kind === 'email'
        ? [EMAIL]
        : field.kind === 'url'
          ? [URL]
          : field.kind === 'resource'
            ? [IDS[0]!, exampleOf(field), ...IDS.slice(1)]
            : [TEXT];
    const value = candidates.find((c) => {
      if (!c) return false;
      const parsed = parseSetupValue(field, c);
      return parsed.ok && parsed.value !== null;
    });
    if (value) values.push({ node: field.node, param: field.param, value });
    else unfillable.push(field);
  }
  return { values, unfillable };
}
