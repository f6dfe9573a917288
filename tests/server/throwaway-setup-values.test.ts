// verify:n8n answers the set-up wizard's fields like a member must (decision 0024): every answer
// passes the field's own format check, in the shape n8n's id pattern asks for.
import { describe, expect, it } from 'vitest';
import { throwawaySetupValues } from '#server/n8n/verify/throwaway-setup-values.ts';
import { setupField } from '#tests/support/setup-field.ts';

describe('throwaway answers for the set-up wizard', () => {
  it('fills each kind with a value its format check accepts', () => {
    const { values, unfillable } = throwawaySetupValues([
      setupField({}),
      setupField({ param: 'sendTo', kind: 'email' }),
      setupField({ param: 'url', kind: 'url' }),
      setupField({ param: 'documentId', kind: 'resource', idPattern: '[a-zA-Z0-9\\-_]{2,}' }),
      setupField({ param: 'pageId', kind: 'resource', idPattern: '^[0-9]+$', example: 'e.g. 98432' }),
      setupField({
        param: 'listId',
        kind: 'resource',
        idPattern: '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
      }),
    ]);
    expect(unfillable).toEqual([]);
    expect(values.map((v) => [v.param, v.value])).toEqual([
      ['chatId', 'flowvault-verification'],
      ['sendTo', 'verification@flowvault-verification.invalid'],
      ['url', 'https://flowvault-verification.invalid'],
      ['documentId', 'flowvaultverification1'],
      ['pageId', '98432'],
      ['listId', '12345678-1234-4123-8123-123456789012'],
    ]);
  });

  it('says which fields no candidate fits, instead of sending an answer the wizard would refuse', () => {
    const odd = setupField({
      param: 'topic',
      kind: 'resource',
      idPattern: 'arn:aws:sns:[a-z-]+:[0-9]+:[a-z_]+',
    });
    expect(throwawaySetupValues([odd])).toEqual({ values: [], unfillable: [odd] });
  });
});
